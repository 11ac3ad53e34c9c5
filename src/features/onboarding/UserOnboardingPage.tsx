import '@mantine/core/styles/Checkbox.css';
import {
  Anchor,
  Badge,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  Paper,
  PasswordInput,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { ApiError } from '../../api/client';
import {
  type ContactDetails,
  flowQueries,
  type MadeFlow,
  payeeRequestQueries,
  useCreateFlow,
  useDeleteUser,
  useSendVerification,
  useSubmitTaxForm,
  useUpdateContact,
  useVerifyUser,
} from '../../api/onboarding';
import { useCan } from '../../api/permissions';
import { runtimeConfigQuery } from '../../api/runtime-config';
import type { User } from '../../api/schemas';
import { userQueries } from '../../api/users';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { formatDateTime } from '../../lib/dates';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { deliveryProblem, type FlowDelivery } from '../../lib/flow-links';
import { fullName } from '../../lib/names';
import { LINK_STATE_WORDS, linkProgress, STEP_STATE_WORDS } from '../../lib/onboarding-progress';
import { COUNTRY_CODE_HINT, phoneDigits } from '../../lib/phone';
import { updateUserSchema, w9Schema } from '../../lib/requests/users';
import { taxFormOnFile } from '../../lib/tax-form';
import { ticketProblem } from '../../lib/ticket';
import { maskTin } from '../../lib/tin';
import { CONTACT_DETAILS_ANCHOR } from '../../lib/user-pages';
import { TicketField } from './TicketField';

const STEP_LABELS: Record<string, string> = {
  compliance: 'Tax form (W-9)',
  'manage-payouts': 'Payout method',
  payout: 'Claim their payout',
  'id-verification': 'Identity',
  redirect: 'Return to your site',
};
/** In the order the payee meets them: the tax form first, so that a payout method that waits holds nothing else up. */
const OFFERED = ['compliance', 'manage-payouts', 'payout', 'id-verification'];

function Section({ title, id, children }: { title: string; id?: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" id={id}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * Onboarding links: the user's flows and their steps, and a new link. A link that can change where the payee's money
 * goes is mailed to them by the console server and never shown here (lib/flow-links.ts); one without such steps may
 * be copied.
 */
function OnboardingLinks({ userId, ticket }: { userId: string; ticket: string }) {
  const flows = useQuery(flowQueries.ofUser(userId));
  // A method a payee sent through a link may wait for a second member: the link's progress says so.
  const payeeRequests = useQuery(payeeRequestQueries.recent());
  const create = useCreateFlow();
  const [steps, setSteps] = useState<string[]>(['compliance', 'manage-payouts']);
  const [delivery, setDelivery] = useState<FlowDelivery>('email');
  const runtime = useQuery(runtimeConfigQuery).data;
  const mail = runtime?.mail ?? false;
  const copyRefused = deliveryProblem({ existingUser: true, steps, delivery: 'copy' });
  const allowed = (how: FlowDelivery) => (how === 'email' ? mail : !copyRefused);
  const chosen: FlowDelivery | null = allowed(delivery)
    ? delivery
    : allowed(delivery === 'email' ? 'copy' : 'email')
      ? delivery === 'email'
        ? 'copy'
        : 'email'
      : null;
  const noMail = mail ? null : 'Unavailable: this console sends no mail (SMTP_URL is not set)';
  const mailbox = runtime?.mailbox;
  const made = create.data;
  return (
    <Section title="Onboarding links">
      <Stack>
        {flows.isError && <ApiErrorAlert error={flows.error} title="The links could not be read" />}
        {flows.data && flows.data.data.length === 0 && (
          <Text size="sm" c="dimmed">
            No onboarding links yet.
          </Text>
        )}
        {flows.data && flows.data.data.length > 0 && (
          <Table aria-label="Onboarding links">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Made</Table.Th>
                <Table.Th>Steps</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {flows.data.data.map((flow) => {
                const progress = linkProgress(flow, payeeRequests.data?.data ?? []);
                return (
                  <Table.Tr key={flow.id}>
                    <Table.Td>{formatDateTime(flow.created)}</Table.Td>
                    <Table.Td>{flow.steps.map((s) => STEP_LABELS[s] ?? s).join(', ')}</Table.Td>
                    <Table.Td>
                      {progress.steps
                        .map(({ step, state }) => `${STEP_LABELS[step] ?? step}: ${STEP_STATE_WORDS[state]}`)
                        .join('; ')}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{LINK_STATE_WORDS[progress.state]}</Badge>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
        <Checkbox.Group label="Steps of the new link" value={steps} onChange={setSteps} required>
          <Group mt="xs">
            {OFFERED.map((step) => (
              <Checkbox key={step} value={step} label={STEP_LABELS[step]} />
            ))}
          </Group>
        </Checkbox.Group>
        <Radio.Group
          label="Send the link"
          value={chosen ?? ''}
          onChange={(value) => setDelivery(value as FlowDelivery)}
          description={
            mailbox ? (
              <>
                This sandbox keeps its payees' mail in its own mailbox:{' '}
                <Anchor href={mailbox} target="_blank" size="xs" underline="always">
                  Sandbox mailbox
                </Anchor>
              </>
            ) : undefined
          }
        >
          <Stack mt="xs" gap="xs">
            {/* Each choice says why it is unavailable, beside it. */}
            <Radio
              value="email"
              label="By email to the payee"
              disabled={!mail}
              description={noMail ?? undefined}
            />
            <Radio
              value="copy"
              label="Copy it myself"
              disabled={Boolean(copyRefused)}
              description={copyRefused ? `Unavailable: ${copyRefused}` : undefined}
            />
          </Stack>
        </Radio.Group>
        <Group>
          <Button
            disabled={steps.length === 0 || !chosen || Boolean(ticketProblem(ticket))}
            loading={create.isPending}
            onClick={() => {
              if (!chosen) return;
              create.mutate({
                userId,
                steps: OFFERED.filter((s) => steps.includes(s)),
                delivery: chosen,
                ticket,
              });
            }}
          >
            {chosen === 'email' ? 'Send onboarding link' : 'Make onboarding link'}
          </Button>
        </Group>
        {create.isError && <ApiErrorAlert error={create.error} title="The link was not made" />}
        {made && <MadeLink made={made} />}
      </Stack>
    </Section>
  );
}

/** Where a new link went: to the payee's inbox (never shown here), or to copy. */
function MadeLink({ made }: { made: MadeFlow }) {
  const expires = made.expires_at ? `at ${made.expires_at.slice(11, 16)} UTC` : 'soon';
  if (made.delivery?.delivery === 'email') {
    return (
      <Notice tone="success" role="status" title="Onboarding link sent">
        <Text size="sm">
          Sent by email to {made.delivery.to}. It expires {expires}. You never see this link here: it can
          change where the payee's money goes, so it reaches them alone.
        </Text>
      </Notice>
    );
  }
  if (made.delivery?.delivery === 'failed' || made.delivery?.delivery === 'none') {
    return (
      <Notice tone="danger" role="alert" title="The link was made but not sent">
        <Text size="sm">
          {made.delivery.message ?? 'The mail could not be sent: make a new link to try again.'}
        </Text>
      </Notice>
    );
  }
  return (
    <Notice tone="success" role="status" title="Onboarding link made">
      <Stack gap="xs">
        <TextInput label="Onboarding link" readOnly value={made.link ?? ''} />
        <Group>
          <CopyButton value={made.link ?? ''}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="sm">
          Give it to the payee only: it opens their setup. It expires {expires}. You will not see it again.
        </Text>
      </Stack>
    </Notice>
  );
}

function Verification({ userId, ticket }: { userId: string; ticket: string }) {
  const send = useSendVerification();
  const verify = useVerifyUser();
  const [voice, setVoice] = useState('sms');
  const [code, setCode] = useState('');
  const codeError =
    verify.error instanceof ApiError ? (verify.error.fieldErrors.token ?? verify.error.message) : null;
  return (
    <Section title="Verification">
      <Stack>
        <Radio.Group label="Send the code by" value={voice} onChange={setVoice}>
          <Group mt="xs">
            <Radio value="sms" label="Text message" />
            <Radio value="voice" label="Voice call" />
          </Group>
        </Radio.Group>
        <Group>
          <Button
            variant="default"
            loading={send.isPending}
            // A new code makes the last answer about a code stale: it goes from under the field.
            onClick={() =>
              send.mutate({ userId, voice: voice === 'voice', ticket }, { onSuccess: () => verify.reset() })
            }
          >
            Send verification code
          </Button>
        </Group>
        {send.isSuccess && (
          <Notice tone="success" role="status" title="Code sent">
            Ask the user to read you the 6-digit code.
          </Notice>
        )}
        {send.isError && <ApiErrorAlert error={send.error} title="The code was not sent" />}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate({ userId, code: code.trim(), ticket }, { onSuccess: () => setCode('') });
          }}
        >
          <Group align="flex-end">
            <TextInput
              label="Code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={codeError}
              maw={200}
            />
            <Button type="submit" loading={verify.isPending}>
              Enter code
            </Button>
          </Group>
        </form>
        {verify.isSuccess && (
          <Notice tone="success" role="status" title="User verified">
            The code was right.
          </Notice>
        )}
      </Stack>
    </Section>
  );
}

function TaxForm({ userId, ticket, onFile }: { userId: string; ticket: string; onFile: string }) {
  const submit = useSubmitTaxForm();
  const [values, setValues] = useState<Record<string, string>>({ entity_type: 'individual' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (name: string) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [name]: event.currentTarget.value });
  const field = (name: string, label: string) => (
    <TextInput label={label} value={values[name] ?? ''} onChange={set(name)} error={errors[name]} required />
  );
  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    const w9 = {
      entity_type: values.entity_type as 'individual' | 'business',
      ...(values.business_name ? { business_name: values.business_name } : {}),
      first_name: values.first_name ?? '',
      last_name: values.last_name ?? '',
      date_of_birth: values.date_of_birth ?? '',
      tin: values.tin ?? '',
      address: {
        line_1: values.line_1 ?? '',
        city: values.city ?? '',
        state: values.state ?? '',
        postcode: values.postcode ?? '',
        country: 'US' as const,
      },
    };
    const parsed = w9Schema.safeParse(w9);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path.at(-1)), i.message])));
      return;
    }
    setErrors({});
    submit.mutate(
      { userId, w9, ticket },
      // The TIN leaves the page once it is sent: only its last four digits are shown after.
      { onSuccess: () => setValues({ entity_type: values.entity_type ?? 'individual' }) },
    );
  };
  return (
    <Section title="Tax form">
      <Stack>
        <Text size="sm">Tax form on file: {onFile}.</Text>
        {submit.isSuccess && (
          <Notice tone="success" role="status" title="Tax form submitted">
            Kept by the last four digits of its TIN.
          </Notice>
        )}
        {submit.isError && <ApiErrorAlert error={submit.error} title="The tax form was not submitted" />}
        <form noValidate onSubmit={onSubmit}>
          <Stack>
            <Radio.Group
              label="The user is"
              value={values.entity_type}
              onChange={(v) => setValues({ ...values, entity_type: v })}
            >
              <Group mt="xs">
                <Radio value="individual" label="An individual" />
                <Radio value="business" label="A business" />
              </Group>
            </Radio.Group>
            {values.entity_type === 'business' && field('business_name', 'Business name')}
            <Group grow align="flex-start">
              {field('first_name', 'First name on the form')}
              {field('last_name', 'Last name on the form')}
            </Group>
            <TextInput
              label="Date of birth"
              type="date"
              value={values.date_of_birth ?? ''}
              onChange={set('date_of_birth')}
              error={errors.date_of_birth}
              required
            />
            <PasswordInput
              label="TIN (SSN, ITIN or EIN)"
              description={
                values.tin
                  ? `Hidden as typed: ${maskTin(values.tin)}`
                  : 'Hidden as typed; kept by its last four digits'
              }
              value={values.tin ?? ''}
              onChange={set('tin')}
              error={errors.tin}
              autoComplete="off"
              required
            />
            {field('line_1', 'Street address')}
            <Group grow align="flex-start">
              {field('city', 'City')}
              {field('state', 'State')}
              {field('postcode', 'ZIP code')}
            </Group>
            <Group>
              <Button type="submit" loading={submit.isPending}>
                Submit tax form
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Section>
  );
}

type Contact = Required<ContactDetails>;

function contactOf(user: User): Contact {
  return {
    first_name: user.first_name ?? '',
    last_name: user.last_name ?? '',
    email: user.email ?? '',
    country_code: user.phone_number?.country_code ?? '1',
    phone_number: user.phone_number?.phone_number ?? '',
  };
}

/** Names, email and phone, each rule at its field; only what changed is sent. Upstream the service has no such change. */
function ContactDetailsSection({ user, ticket }: { user: User; ticket: string }) {
  const update = useUpdateContact();
  const upstream = useQuery(runtimeConfigQuery).data?.mode === 'upstream';
  const [values, setValues] = useState<Contact>(() => contactOf(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const firstField = useRef<HTMLInputElement>(null);
  // Arrived by "Edit contact details" (the user's page, the palette): the section is in view, its first field ready.
  useEffect(() => {
    if (window.location.hash !== `#${CONTACT_DETAILS_ANCHOR}`) return;
    document.getElementById(CONTACT_DETAILS_ANCHOR)?.scrollIntoView({ block: 'start' });
    firstField.current?.focus();
  }, []);
  if (upstream) {
    return (
      <Section title="Contact details" id={CONTACT_DETAILS_ANCHOR}>
        <Text size="sm">The payout service does not change a user's names, email or phone once made.</Text>
      </Section>
    );
  }
  const field = (name: keyof Contact, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name]}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
      error={errors[name]}
      required
      {...extra}
    />
  );
  return (
    <Section title="Contact details" id={CONTACT_DETAILS_ANCHOR}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const before = contactOf(user);
          const given: Contact = {
            ...values,
            first_name: values.first_name.trim(),
            last_name: values.last_name.trim(),
            email: values.email.trim(),
            country_code: phoneDigits(values.country_code),
            phone_number: phoneDigits(values.phone_number),
          };
          const phoneChanged =
            given.phone_number !== before.phone_number || given.country_code !== before.country_code;
          const changes: ContactDetails = {
            ...(given.first_name !== before.first_name ? { first_name: given.first_name } : {}),
            ...(given.last_name !== before.last_name ? { last_name: given.last_name } : {}),
            ...(given.email !== before.email ? { email: given.email } : {}),
            ...(phoneChanged ? { country_code: given.country_code, phone_number: given.phone_number } : {}),
          };
          const parsed = updateUserSchema.safeParse(changes);
          if (!parsed.success) {
            setErrors(
              Object.fromEntries(fieldErrorsFrom(parsed.error.issues).map((e) => [e.path, e.message])),
            );
            return;
          }
          setErrors({});
          if (Object.keys(changes).length === 0) return;
          update.mutate(
            { userId: user.id, changes, ticket },
            { onError: (failure) => failure instanceof ApiError && setErrors({ ...failure.fieldErrors }) },
          );
        }}
      >
        <Stack>
          <Group grow align="flex-start">
            {field('first_name', 'First name', { ref: firstField })}
            {field('last_name', 'Last name')}
          </Group>
          {field('email', 'Email', { type: 'email' })}
          <Group grow align="flex-start">
            {field('country_code', 'Country code', {
              inputMode: 'numeric',
              description: COUNTRY_CODE_HINT,
            })}
            {field('phone_number', 'Phone number', {
              type: 'tel',
              description: 'A new number is verified again',
            })}
          </Group>
          {update.isError &&
            !(update.error instanceof ApiError && Object.keys(update.error.fieldErrors).length) && (
              <ApiErrorAlert error={update.error} title="The contact details were not changed" />
            )}
          {update.isSuccess && (
            <Notice tone="success" role="status" title="Contact details saved">
              {update.data.status === 'unverified'
                ? 'The new phone number needs its verification code.'
                : 'Saved.'}
            </Notice>
          )}
          <Group>
            <Button type="submit" loading={update.isPending}>
              Save contact details
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function DeleteUser({ userId, name, ticket }: { userId: string; name: string; ticket: string }) {
  const remove = useDeleteUser();
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const [, navigate] = useLocation();
  return (
    <Section title="Delete">
      <Group>
        <Button color="red" variant="outline" onClick={() => setOpened(true)}>
          Delete user
        </Button>
      </Group>
      <Modal opened={opened} onClose={() => setOpened(false)} title="Delete this user?" centered>
        <Stack>
          <Text size="sm">
            Type the user's name, {name}, to delete them. A user with money on its way or in their wallet is
            kept.
          </Text>
          <TextInput
            label="User's name"
            value={typed}
            onChange={(event) => setTyped(event.currentTarget.value)}
          />
          {remove.isError && <ApiErrorAlert error={remove.error} title="The user was not deleted" />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              Keep the user
            </Button>
            <Button
              color="red"
              disabled={typed.trim() !== name}
              loading={remove.isPending}
              onClick={() => remove.mutate({ userId, ticket }, { onSuccess: () => navigate('/users') })}
            >
              Delete {name}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Section>
  );
}

/** A user's onboarding, for a support agent on a ticket: links to finish setup, verification, the tax form. */
export function UserOnboardingPage() {
  const { userId = '' } = useParams();
  const user = useQuery(userQueries.detail(userId));
  const [ticket, setTicket] = useState('');
  const isAdmin = useCan('admin');
  const name = user.data ? fullName(user.data) : '';
  return (
    <Stack maw={960}>
      <Title order={1}>Onboard {name || 'user'}</Title>
      <Group>
        <Anchor component={Link} to={`/users/${userId}`}>
          Back to {name || 'the user'}
        </Anchor>
      </Group>
      {user.isError && <ApiErrorAlert error={user.error} title="The user could not be read" />}
      <TicketField value={ticket} onChange={setTicket} />
      {user.data && <ContactDetailsSection key={user.data.id} user={user.data} ticket={ticket} />}
      <OnboardingLinks userId={userId} ticket={ticket} />
      <Verification userId={userId} ticket={ticket} />
      <TaxForm
        userId={userId}
        ticket={ticket}
        onFile={user.data ? taxFormOnFile(user.data.compliance) : 'not read yet'}
      />
      {isAdmin && name && <DeleteUser userId={userId} name={name} ticket={ticket} />}
    </Stack>
  );
}
