import { z } from 'zod';
import { EVENT_TYPES } from '../../lib/service-events';
import {
  createSubscription,
  listSubscriptions,
  removeSubscription,
  rotateSubscriptionSecret,
} from '../domain/subscriptions';
import { type RouteDef, route, uuidParam } from './define';
import { standardErrors } from './response-schemas';

/**
 * Event subscriptions, an extension (docs/sandbox.md, "Events"): where the service sends its signed events, which
 * types, and the signing secret, answered only when it is made.
 */

const TAGS = ['events'];
const params = z.object({ subscription_id: uuidParam('subscription_id') });

const subscriptionCreate = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    event_types: z
      .array(z.enum([...EVENT_TYPES, '*']))
      .min(1)
      .max(EVENT_TYPES.length)
      .meta({ description: 'The types to send; `*` for every one' }),
  })
  .strict();

const rotation = z
  .object({
    overlap_seconds: z
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(24 * 3600)
      .meta({ description: 'How long the replaced secret still signs, beside the new one' }),
  })
  .strict();

const subscriptionResponse = z.object({
  id: z.uuid(),
  url: z.string(),
  event_types: z.array(z.string()),
  created: z.iso.datetime(),
  previous_secret_expires: z.iso.datetime().nullable(),
});
const withSecret = subscriptionResponse.extend({ secret: z.string().startsWith('whsec_') });

export function subscriptionRoutes(): RouteDef[] {
  return [
    route({
      method: 'POST',
      path: '/v2/event-subscriptions',
      operationId: 'create-event-subscription',
      summary: 'Send signed events of these types to a URL; the answer shows the signing secret, once',
      tags: TAGS,
      extension: true,
      body: subscriptionCreate,
      responses: { 201: { description: 'Created', schema: withSecret }, ...standardErrors },
      handle: ({ c, body, caller }) => c.json(createSubscription(caller, body), 201),
    }),
    route({
      method: 'GET',
      path: '/v2/event-subscriptions',
      operationId: 'list-event-subscriptions',
      summary: "The organization's event subscriptions (never their secrets)",
      tags: TAGS,
      extension: true,
      responses: {
        200: {
          description: 'OK',
          schema: z.object({ data: z.array(subscriptionResponse), has_more: z.boolean() }),
        },
        ...standardErrors,
      },
      handle: ({ c, caller }) => c.json(listSubscriptions(caller)),
    }),
    route({
      method: 'DELETE',
      path: '/v2/event-subscriptions/{subscription_id}',
      operationId: 'delete-event-subscription',
      summary: 'Stop sending events to this subscription (what waits to be sent to it is dropped)',
      tags: TAGS,
      extension: true,
      params,
      responses: { 204: { description: 'Deleted' }, ...standardErrors },
      handle: ({ c, params, caller }) => {
        removeSubscription(caller, params.subscription_id);
        return c.body(null, 204);
      },
    }),
    route({
      method: 'POST',
      path: '/v2/event-subscriptions/{subscription_id}/rotate-secret',
      operationId: 'rotate-event-subscription-secret',
      summary: 'A new signing secret, shown once; the old one still signs beside it for overlap_seconds',
      tags: TAGS,
      extension: true,
      params,
      body: rotation,
      bodyOptional: true,
      responses: { 200: { description: 'Rotated', schema: withSecret }, ...standardErrors },
      handle: ({ c, params, body, caller }) =>
        c.json(rotateSubscriptionSecret(caller, params.subscription_id, body.overlap_seconds)),
    }),
  ];
}
