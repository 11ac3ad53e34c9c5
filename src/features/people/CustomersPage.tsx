import { CUSTOMERS } from '../../api/customers';
import { formatPhone } from '../../lib/phone';
import { PeopleList } from './PeopleList';

/** The organization's payment customers, people or businesses, found by name, email, phone or ID. */
export function CustomersPage() {
  return (
    <PeopleList
      title="Payment customers"
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
