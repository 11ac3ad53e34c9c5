import { Button } from '@mantine/core';
import { Link } from 'wouter';
import { CUSTOMERS } from '../../api/customers';
import { useCan } from '../../api/permissions';
import { formatPhone } from '../../lib/phone';
import { PeopleList } from './PeopleList';

/** The organization's payment customers, people or businesses, found by name, email, phone or ID. */
export function CustomersPage() {
  const mayPay = useCan('pay');
  return (
    <PeopleList
      title="Payment customers"
      action={
        mayPay && (
          <Button component={Link} href="/onboarding/customers/new">
            New payment customer
          </Button>
        )
      }
      kind={CUSTOMERS}
      href={(customer) => `/customers/${customer.id}`}
      minWidth={680}
      columns={[
        { header: 'Email', cell: (customer) => customer.email ?? '—' },
        {
          header: 'Phone',
          cell: (customer) => formatPhone(customer.country_code, customer.phone_number) || '—',
        },
      ]}
    />
  );
}
