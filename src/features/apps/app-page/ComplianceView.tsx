import { Table } from '@mantine/core';
import type { ComplianceRecord } from '../../../api/schemas';
import { incorporatedInWords } from './app-compliance-form';

/** The record as the service answers it: the EIN by its last four digits. */
export function ComplianceView({ record }: { record: ComplianceRecord }) {
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
