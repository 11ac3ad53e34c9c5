/** A person as the service describes one: a user, a payment customer, a sandbox fixture. */
export interface Named {
  first_name?: string | null | undefined;
  last_name?: string | null | undefined;
  business_name?: string | null | undefined;
}

/** "Amara Okafor"; '' when neither name is known. */
export function fullName(person: Named): string {
  return [person.first_name, person.last_name].filter(Boolean).join(' ');
}

/** What the console calls someone: the business's name, else the person's, else `fallback`. */
export function displayName(person: Named, fallback = 'Unnamed'): string {
  return person.business_name || fullName(person) || fallback;
}
