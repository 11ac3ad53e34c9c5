import { isUuid } from '../../lib/uuid';
import { z } from '../../lib/zod';

/** Two apps picked by name (their ids as the pickers keep them), told apart; the body of the copy. */
export const copyBetweenAppsFormSchema = z
  .object({ source: z.string().trim().toLowerCase(), destination: z.string().trim().toLowerCase() })
  .superRefine(({ source, destination }, ctx) => {
    if (!isUuid(source)) {
      ctx.addIssue({
        code: 'custom',
        path: ['source'],
        message: 'Choose the app to copy from: type its name',
      });
    }
    if (!isUuid(destination)) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination'],
        message: 'Choose the app to copy to: type its name',
      });
    } else if (source === destination) {
      ctx.addIssue({
        code: 'custom',
        path: ['destination'],
        message: 'Choose another app than the one copied from',
      });
    }
  })
  .transform(({ source, destination }) => ({ source_app_id: source, destination_app_id: destination }));
