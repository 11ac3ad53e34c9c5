/** A UUID in its text form, any version, either case: the shape of every id this service hands out. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether what an operator typed is a UUID, surrounding spaces aside. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value.trim());
}
