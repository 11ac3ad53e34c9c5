/**
 * A compile-time check that a zod schema reading the service's answers agrees with the types generated from the
 * vendor's document (dots-v2.ts): every field it reads is one the document names (or a marked sandbox extension),
 * with a value the document allows. A drift of the document (a field renamed, a type changed) then fails typecheck
 * at the schema that reads it, rather than a page at run time.
 *
 * The console reads more loosely than the document writes, on purpose, and the check allows exactly that: any field
 * may be missing or null (the real service omits and nulls what its document lists), and a closed list of words may
 * be any word (a status the console does not know yet is shown as text, not refused), and a number may arrive as its
 * digits. A field the wire types as `unknown` may be read as anything.
 */

/** The dotted paths of the fields `Parsed` reads that `Wire` does not name, or names with another type; never when none. */
export type Disagreements<Parsed, Wire, Path extends string = ''> = unknown extends Parsed
  ? never
  : [Parsed] extends [never]
    ? never
    : unknown extends Wire
      ? never
      : [NonNullable<Parsed>] extends [readonly (infer Item)[]]
        ? [NonNullable<Wire>] extends [readonly (infer WireItem)[]]
          ? Disagreements<Item, WireItem, `${Path}[]`>
          : Path
        : [NonNullable<Parsed>] extends [Record<string, unknown>]
          ? [NonNullable<Wire>] extends [object]
            ? FieldDisagreements<NonNullable<Parsed>, NonNullable<Wire>, Path>
            : Path
          : [NonNullable<Parsed>] extends [Loosely<NonNullable<Wire>>]
            ? never
            : Path;

type FieldDisagreements<Parsed, Wire, Path extends string> = {
  [Key in keyof Parsed & string]-?: Key extends keyof Wire
    ? Disagreements<Parsed[Key], Wire[Key], Joined<Path, Key>>
    : Joined<Path, Key>;
}[keyof Parsed & string];

type Joined<Path extends string, Key extends string> = Path extends '' ? Key : `${Path}.${Key}`;

/** A value of the wire's type as the console may read it: a closed list of words as any word, a number as digits too. */
type Loosely<Wire> = Wire extends string
  ? string
  : Wire extends number
    ? number | string
    : Wire extends boolean
      ? boolean
      : Wire extends object
        ? object
        : unknown;

/**
 * Names the disagreements in the error when there are some: `type BillReads = WireAgrees<Disagreements<...>>` fails
 * with "Type '"items.quantity"' does not satisfy the constraint 'never'".
 */
export type WireAgrees<Found extends never> = Found;

/** The wire's type with every closed list of words opened to any word, as the console reads what it does not parse. */
export type AnyWords<Wire> = Wire extends string
  ? string
  : Wire extends readonly (infer Item)[]
    ? AnyWords<Item>[]
    : Wire extends object
      ? { [Key in keyof Wire]: AnyWords<Wire[Key]> }
      : Wire;

/**
 * The wire's type with the fields `Relied` always there: for a reader that takes the service's answer as it comes
 * (no schema) and relies on those, as the rules of the console server do.
 */
export type Answering<Wire, Relied extends keyof Wire> = Omit<Wire, Relied> & Required<Pick<Wire, Relied>>;
