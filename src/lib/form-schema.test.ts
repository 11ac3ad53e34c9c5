import { describe, expect, it } from 'vitest';
import { formSchemaFor } from './form-schema';
import { z } from './zod';

const body = z
  .object({
    name: z.string().min(1, 'Enter the name'),
    address: z.object({ city: z.string().min(1, 'Enter the city') }),
  })
  .strict();
const form = formSchemaFor(
  z.object({ name: z.string(), city: z.string() }),
  (values) => ({ name: values.name.trim(), address: { city: values.city.trim() } }),
  body,
  (path) => ({ name: 'name', 'address.city': 'city' })[path],
);

describe('a form schema made of a request schema', () => {
  it('gives the body as built when the request schema takes it', () => {
    expect(form.parse({ name: ' Rae ', city: 'Oakland' })).toEqual({
      name: 'Rae',
      address: { city: 'Oakland' },
    });
  });

  it("puts each of the request schema's issues at the form field of its path", () => {
    const parsed = form.safeParse({ name: ' ', city: '' });
    expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['name', 'Enter the name'],
      ['city', 'Enter the city'],
    ]);
  });

  it('puts an issue that no field shows at root', () => {
    const strictForm = formSchemaFor(
      z.object({ name: z.string() }),
      (values) => values,
      body,
      () => undefined,
    );
    expect(strictForm.safeParse({ name: 'Rae' }).error?.issues.map((issue) => issue.path)).toEqual([
      ['root'],
    ]);
  });
});
