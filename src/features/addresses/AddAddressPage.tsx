import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams, useSearchParams } from 'wouter';
import { ApiError } from '../../api/client';
import { useCan } from '../../api/permissions';
import type { AddressResponse } from '../../api/schemas';
import type { PickerOption } from '../../api/search-source';
import { useAddUserAddress, useUserSource } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { keepFocusOnControlPress } from '../../components/keep-focus-on-control-press';
import { Notice } from '../../components/Notice';
import { placeFieldErrors } from '../../components/place-field-errors';
import { pickedText, SearchPicker } from '../../components/SearchPicker';
import { Select } from '../../components/Select';
import { useFocusFirstInvalid } from '../../components/use-focus-first-invalid';
import { countryName } from '../../lib/countries';
import {
  type AddressFormInput,
  type AddressFormOutput,
  addressFormSchema,
  COUNTRY_OPTIONS,
  emptyAddressForm,
  US_STATE_OPTIONS,
} from './address-form-schema';

type AddressField = keyof AddressFormInput['address'];
const ADDRESS_FIELDS: readonly AddressField[] = [
  'line_1',
  'line_2',
  'line_3',
  'city',
  'state',
  'postcode',
  'country',
];

function SavedAddress({ address }: { address: AddressResponse }) {
  const lines = [
    address.line_1,
    address.line_2,
    address.line_3,
    [address.city, address.state, address.postcode].filter(Boolean).join(', '),
    countryName(address.country),
  ];
  return (
    <Text component="address" style={{ fontStyle: 'normal' }}>
      {lines.filter(Boolean).map((line) => (
        <span key={line} style={{ display: 'block' }}>
          {line}
        </span>
      ))}
    </Text>
  );
}

/** A support agent adds an address to a user; the browser refuses exactly what the server would. */
export function AddAddressPage() {
  const users = useUserSource();
  const { userId: pathUserId } = useParams();
  const [params] = useSearchParams();
  const form = useForm<AddressFormInput, unknown, AddressFormOutput>({
    shouldFocusError: false,
    resolver: zodResolver(addressFormSchema),
    defaultValues: emptyAddressForm(pathUserId ?? params.get('user_id') ?? ''),
    mode: 'onTouched',
  });
  const formRef = useFocusFirstInvalid(form.formState.submitCount);
  const { errors } = form.formState;
  const addAddress = useAddUserAddress();
  const [saved, setSaved] = useState<{ userId: string; address: AddressResponse } | null>(null);
  // The button pressed goes with the form: the focus moves to the result that replaced them.
  const savedNotice = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (saved) savedNotice.current?.focus();
  }, [saved]);
  const [failure, setFailure] = useState<unknown>(null);
  const [userShown, setUserShown] = useState<PickerOption | null>(null);
  const country = form.watch('address.country');
  const mayPay = useCan('pay');
  const isUs = String(country ?? '').toUpperCase() === 'US';

  const submit = form.handleSubmit((values) => {
    setFailure(null);
    setSaved(null);
    addAddress.mutate(
      { userId: values.userId.trim().toLowerCase(), address: values.address },
      {
        // An upstream may answer 200 with no body: then show the address as it was sent.
        onSuccess: (stored, { userId, address }) => setSaved({ userId, address: stored ?? address }),
        onError: (error) => {
          if (error instanceof ApiError && error.status === 400) {
            placeFieldErrors(error, form.setError, (path) =>
              (ADDRESS_FIELDS as readonly string[]).includes(path)
                ? `address.${path as AddressField}`
                : path === 'user_id'
                  ? 'userId'
                  : undefined,
            );
          }
          setFailure(error);
        },
      },
    );
  });

  const addAnother = () => {
    const userId = form.getValues('userId');
    form.reset(emptyAddressForm(userId));
    setSaved(null);
  };

  const failureHint =
    failure instanceof ApiError && failure.status === 403
      ? 'Check the user: no user with this ID belongs to this organization.'
      : failure instanceof ApiError && failure.status === 400
        ? 'Correct the fields marked below.'
        : null;

  return (
    <Stack maw={720}>
      <Title order={1}>Add address</Title>
      {saved && (
        <Notice tone="success" role="status" title="Address added" ref={savedNotice} tabIndex={-1}>
          <Stack gap="xs">
            <Text size="sm">
              Address added to {userShown?.id === saved.userId ? pickedText(userShown) : 'user'}{' '}
              <code>{saved.userId}</code>
              {saved.address.id ? ` (address ${saved.address.id})` : ''}.
            </Text>
            <SavedAddress address={saved.address} />
            <Group>
              <Button variant="default" onClick={addAnother}>
                Add another address for this user
              </Button>
              {/* In the page's text color, underlined: the tint's blue links are below 4.5:1 on it. */}
              <Anchor component={Link} to={`/users/${saved.userId}`} c="inherit" underline="always">
                See the user
              </Anchor>
              {mayPay && (
                <Anchor
                  component={Link}
                  to={`/payments/new?user_id=${saved.userId}`}
                  c="inherit"
                  underline="always"
                >
                  Create a payment for this user
                </Anchor>
              )}
            </Group>
          </Stack>
        </Notice>
      )}
      {failure !== null && (
        <ApiErrorAlert error={failure}>{failureHint && <Text size="sm">{failureHint}</Text>}</ApiErrorAlert>
      )}
      {/* Once added, the result stands in for the form: a second click cannot add the same address again. */}
      {saved === null && (
        <form ref={formRef} noValidate onSubmit={submit} onMouseDown={keepFocusOnControlPress}>
          <Paper withBorder p="md">
            <Stack>
              <Controller
                control={form.control}
                name="userId"
                render={({ field }) => (
                  <SearchPicker
                    source={users}
                    label="User"
                    required
                    value={field.value}
                    onChange={(id, option) => {
                      field.onChange(id);
                      setUserShown(option);
                    }}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.userId?.message}
                  />
                )}
              />
              <TextInput
                label="Line 1"
                required
                {...form.register('address.line_1')}
                error={errors.address?.line_1?.message}
              />
              <TextInput
                label="Line 2"
                {...form.register('address.line_2')}
                error={errors.address?.line_2?.message}
              />
              <TextInput
                label="Line 3"
                {...form.register('address.line_3')}
                error={errors.address?.line_3?.message}
              />
              <TextInput
                label="City"
                required
                {...form.register('address.city')}
                error={errors.address?.city?.message}
              />
              <Controller
                control={form.control}
                name="address.country"
                render={({ field }) => (
                  <Select
                    label="Country"
                    required
                    searchable
                    data={COUNTRY_OPTIONS}
                    value={typeof field.value === 'string' ? field.value : null}
                    onChange={(next) => {
                      field.onChange(next ?? '');
                      form.setValue('address.state', '');
                    }}
                    onBlur={field.onBlur}
                    nothingFoundMessage="No country by that name"
                    error={errors.address?.country?.message}
                  />
                )}
              />
              {isUs ? (
                <Controller
                  control={form.control}
                  name="address.state"
                  render={({ field }) => (
                    <Select
                      label="State"
                      required
                      searchable
                      data={US_STATE_OPTIONS}
                      value={
                        typeof field.value === 'string' && field.value ? field.value.toUpperCase() : null
                      }
                      onChange={(next) => field.onChange(next ?? '')}
                      onBlur={field.onBlur}
                      error={errors.address?.state?.message}
                    />
                  )}
                />
              ) : (
                <TextInput
                  label="State"
                  required
                  description="State, province or region"
                  {...form.register('address.state')}
                  error={errors.address?.state?.message}
                />
              )}
              <TextInput
                label="Postcode"
                required
                description={isUs ? 'ZIP code: 12345 or 12345-6789' : undefined}
                {...form.register('address.postcode')}
                error={errors.address?.postcode?.message}
              />
              <Group>
                <Button type="submit" loading={addAddress.isPending}>
                  Add address
                </Button>
              </Group>
            </Stack>
          </Paper>
        </form>
      )}
    </Stack>
  );
}
