import '@mantine/core/styles/SimpleGrid.css';
import {
  Anchor,
  Button,
  CopyButton,
  Group,
  NativeSelect,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { useStartKyb, useUpdateAppCompliance } from '../../api/app-onboarding';
import { appQueries } from '../../api/apps';
import { ApiError } from '../../api/client';
import { useCan } from '../../api/permissions';
import type { ComplianceRecord } from '../../api/schemas';
import { ApiErrorAlert } from '../../components/ApiErrorAlert';
import { Notice } from '../../components/Notice';
import { formatDateTime } from '../../lib/dates';
import { fieldErrorsFrom } from '../../lib/field-errors';
import { businessComplianceSchema } from '../../lib/requests/onboarding';
import {
  type ComplianceField,
  type ComplianceValues,
  complianceFieldOf,
  incorporatedInWords,
  LEGAL_FORMS,
  toBusinessCompliance,
  websiteProblem,
} from './app-compliance-form';

const TYPES = [
  { value: '', label: 'Choose…' },
  ...Object.entries(LEGAL_FORMS).map(([value, label]) => ({ value, label })),
];

/** An app's verification, in words. */
const APP_STATUS: Record<string, string> = {
  created: 'Not verified yet',
  in_review: 'In review',
  approved: 'Approved',
};

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** The record as the service answers it: the EIN by its last four digits. */
function ComplianceView({ record }: { record: ComplianceRecord }) {
  const company = record.company_info;
  const ein = company?.ein_last4 ?? company?.ein?.slice(-4);
  return (
    <Table aria-label="Compliance record" variant="vertical" layout="fixed">
      <Table.Tbody>
        <Table.Tr>
          <Table.Th w={200}>Company</Table.Th>
          <Table.Td>{company?.name ?? '—'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Doing business as</Table.Th>
          <Table.Td>{company?.dba ?? '—'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>EIN</Table.Th>
          <Table.Td>{ein ? `ending ${ein}` : '—'}</Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Incorporated</Table.Th>
          <Table.Td>
            {incorporatedInWords(company?.incorporation_type, company?.incorporation_state) || '—'}
          </Table.Td>
        </Table.Tr>
        <Table.Tr>
          <Table.Th>Contact</Table.Th>
          <Table.Td>{record.contact_info?.email ?? '—'}</Table.Td>
        </Table.Tr>
      </Table.Tbody>
    </Table>
  );
}

/** Business information, one director, the flow of funds: each rule said at its field, nothing typed lost. */
function ComplianceForm({ appId, onSaved }: { appId: string; onSaved: () => void }) {
  const save = useUpdateAppCompliance();
  const [values, setValues] = useState<ComplianceValues>({});
  const [errors, setErrors] = useState<Partial<Record<ComplianceField, string>>>({});
  const text = (name: ComplianceField, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={label}
      value={values[name] ?? ''}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
      error={errors[name]}
      {...extra}
    />
  );
  const secret = (name: ComplianceField, label: string, description: string) => (
    <PasswordInput
      label={label}
      description={description}
      value={values[name] ?? ''}
      onChange={(event) => setValues({ ...values, [name]: event.currentTarget.value })}
      error={errors[name]}
      autoComplete="off"
      inputMode="numeric"
      required
    />
  );
  const place = (paths: { path: string; message: string }[]) => {
    const found: Partial<Record<ComplianceField, string>> = {};
    for (const { path, message } of paths) {
      const field = complianceFieldOf(path);
      if (field) found[field] ??= message;
    }
    setErrors(found);
    return Object.keys(found).length > 0;
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const record = toBusinessCompliance(values);
        const parsed = businessComplianceSchema.safeParse(record);
        const website = websiteProblem(values.website);
        if (!parsed.success || website) {
          place([
            ...(website ? [{ path: 'company_info.website', message: website }] : []),
            ...(parsed.success ? [] : fieldErrorsFrom(parsed.error.issues)),
          ]);
          return;
        }
        setErrors({});
        save.mutate(
          { appId, record },
          {
            onSuccess: () => {
              // The EIN and the SSN are not kept in the page once saved.
              setValues({ ...values, ein: '', director_ssn: '' });
              onSaved();
            },
            onError: (failure) => {
              if (failure instanceof ApiError) {
                place(Object.entries(failure.fieldErrors).map(([path, message]) => ({ path, message })));
              }
            },
          },
        );
      }}
    >
      <Stack>
        <Title order={3} size="h5">
          Business
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('name', 'Legal name', { required: true })}
          {text('dba', 'Doing business as')}
          {secret('ein', 'EIN', '9 digits; kept by its last four')}
          {text('incorporation_date', 'Date of incorporation', { type: 'date', required: true })}
          {text('incorporation_state', 'State of incorporation', { required: true })}
          <NativeSelect
            label="Legal form"
            data={TYPES}
            value={values.incorporation_type ?? ''}
            onChange={(event) => setValues({ ...values, incorporation_type: event.currentTarget.value })}
            error={errors.incorporation_type}
            required
          />
          {text('website', 'Website', { required: true })}
        </SimpleGrid>
        <Title order={3} size="h5">
          Contact
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('contact_email', 'Contact email', { type: 'email', required: true })}
          {text('contact_phone', 'Contact phone', { type: 'tel', required: true })}
          {text('contact_line1', 'Street address', { required: true })}
          {text('contact_city', 'City', { required: true })}
          {text('contact_state', 'State', { required: true })}
          {text('contact_zip', 'ZIP code', { required: true })}
        </SimpleGrid>
        <Title order={3} size="h5">
          Director and beneficial owner
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('director_first_name', "Director's first name", { required: true })}
          {text('director_last_name', "Director's last name", { required: true })}
          {text('director_title', "Director's title", { required: true })}
          {text('director_email', "Director's email", { type: 'email', required: true })}
          {text('director_phone', "Director's phone", { type: 'tel', required: true })}
          {text('director_dob', "Director's date of birth", { type: 'date', required: true })}
          {text('director_ownership', 'Ownership (%)', { inputMode: 'decimal', required: true })}
          {secret('director_ssn', "Director's SSN", '9 digits; kept by its last four')}
          {text('director_line1', "Director's street address", { required: true })}
          {text('director_city', "Director's city", { required: true })}
          {text('director_state', "Director's state", { required: true })}
          {text('director_zip', "Director's ZIP code", { required: true })}
        </SimpleGrid>
        <Title order={3} size="h5">
          Flow of funds
        </Title>
        {text('reasons', 'Why you pay people', { required: true })}
        {text('usage', 'How you use payouts', { required: true })}
        {save.isError && <ApiErrorAlert error={save.error} title="The compliance record was not saved" />}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save compliance
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function StartKyb({ appId, status }: { appId: string; status: string | null | undefined }) {
  const start = useStartKyb();
  const made = start.data;
  // The service makes a KYB link only for an app not yet verified nor in review (the vendor's document).
  const unavailable =
    status && status !== 'created'
      ? `Unavailable: this app is ${(APP_STATUS[status] ?? status).toLowerCase()}, and the service makes a KYB link only for an app not yet verified`
      : null;
  return (
    <Section title="KYB">
      <Stack>
        <Table variant="vertical" aria-label="KYB" layout="fixed">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={200}>Verification</Table.Th>
              <Table.Td>{status ? (APP_STATUS[status] ?? status) : '—'}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <Text size="sm">
          A KYB link lets the business's representative finish verification with the payout service. It
          expires in 72 hours; a new one replaces the last.
        </Text>
        <Group>
          <Button
            variant="default"
            loading={start.isPending}
            disabled={Boolean(unavailable)}
            aria-describedby={unavailable ? `${appId}-kyb-unavailable` : undefined}
            onClick={() => start.mutate(appId)}
          >
            Start KYB
          </Button>
        </Group>
        {unavailable && (
          <Text size="sm" id={`${appId}-kyb-unavailable`}>
            {unavailable}
          </Text>
        )}
        {start.isError && <ApiErrorAlert error={start.error} title="The KYB link was not made" />}
        {made && (
          <Notice tone="success" role="status" title="KYB link made">
            <Stack gap="xs">
              <TextInput label="KYB link" readOnly value={made.url} />
              <Group>
                <CopyButton value={made.url}>
                  {({ copied, copy }) => (
                    <Button variant="default" onClick={copy}>
                      {copied ? 'Link copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="sm">
                It expires {made.expires_at ? `at ${formatDateTime(made.expires_at)}` : 'in 72 hours'}.
              </Text>
            </Stack>
          </Notice>
        )}
      </Stack>
    </Section>
  );
}

/** An app: its compliance record (view, edit by finance), its KYB link, and the copy of another app's record. */
export function AppPage() {
  const { appId = '' } = useParams();
  const app = useQuery(appQueries.detail(appId));
  const compliance = useQuery({ ...appQueries.compliance(appId), retry: false });
  const mayEdit = useCan('pay');
  const mayCopy = useCan('admin');
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const name = app.data?.name ?? 'App';
  const none = compliance.error instanceof ApiError && compliance.error.status === 404;
  return (
    <Stack maw={960}>
      <Title order={1}>{name}</Title>
      <Group>
        <Anchor component={Link} to="/apps">
          Back to apps
        </Anchor>
      </Group>
      {app.isError && <ApiErrorAlert error={app.error} title="The app could not be read" />}
      <Section title="Compliance">
        <Stack>
          {compliance.data && <ComplianceView record={compliance.data} />}
          {none && <Text size="sm">No compliance record yet.</Text>}
          {compliance.isError && !none && (
            <ApiErrorAlert error={compliance.error} title="The compliance record could not be read" />
          )}
          {saved && (
            <Notice tone="success" role="status" title="Compliance saved">
              The EIN and the director's SSN are kept by their last four digits.
            </Notice>
          )}
          {mayEdit && !editing && (
            <Group>
              <Button variant="default" onClick={() => setEditing(true)}>
                Edit compliance
              </Button>
              {mayCopy && (
                <Anchor component={Link} to="/onboarding/apps/copy-compliance">
                  Copy compliance from another app
                </Anchor>
              )}
            </Group>
          )}
          {mayEdit && editing && (
            <ComplianceForm
              appId={appId}
              onSaved={() => {
                setEditing(false);
                setSaved(true);
                void compliance.refetch();
                // Saving a record can verify the app (the sandbox approves one it had not): its KYB status is read again.
                void app.refetch();
              }}
            />
          )}
        </Stack>
      </Section>
      {mayEdit && <StartKyb appId={appId} status={app.data?.status} />}
    </Stack>
  );
}
