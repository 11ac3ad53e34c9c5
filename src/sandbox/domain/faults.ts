import { findOrganizationByClientId } from '../store/tenants';
import type { HelperCaller } from './auth';
import { DomainError } from './errors';

export interface Fault {
  client_id: string;
  method?: string | undefined;
  path_prefix?: string | undefined;
  times: number;
  status?: number | undefined;
  message?: string | undefined;
  delay_ms?: number | undefined;
  drop?: 'before' | 'after-commit' | undefined;
  /** Seconds, sent as Retry-After with a 429 (1 when not given). */
  retry_after?: number | undefined;
  /**
   * A fault of the tenant's event deliveries rather than of its requests: `drop` loses the next delivery (never sent),
   * `duplicate` sends it twice, `reorder` sends the object's next event before it, `delay` holds it `delay_ms`.
   */
  delivery?: DeliveryFault | undefined;
  /**
   * `fail`: the matching request is answered as usual, but the payouts it makes fail later (pending, then failed by the
   * service's clock or the advance helper), as a payee's account refusing them would (domain/forced-outcomes.ts).
   */
  payout?: 'fail' | undefined;
}

export type DeliveryFault = 'drop' | 'duplicate' | 'reorder' | 'delay';

/**
 * Faults armed through POST /sandbox/faults, per tenant: the next matching requests of that client id get an injected
 * status, a delay, or a dropped connection. Held in memory: they are test set-up, not state worth keeping.
 */
export class FaultRegistry {
  private readonly byClient = new Map<string, Fault[]>();

  arm(fault: Fault): void {
    this.byClient.set(fault.client_id, [...(this.byClient.get(fault.client_id) ?? []), { ...fault }]);
  }

  disarm(clientId: string): number {
    const count = this.byClient.get(clientId)?.length ?? 0;
    this.byClient.delete(clientId);
    return count;
  }

  /** The first armed fault matching this request, used up by one. */
  take(clientId: string, method: string, path: string): Fault | undefined {
    return this.use(
      clientId,
      (f) =>
        !f.delivery &&
        (!f.method || f.method.toUpperCase() === method) &&
        (!f.path_prefix || path.startsWith(f.path_prefix)),
    );
  }

  /** Whether a fault of deliveries is armed for this tenant: the sender looks for the next event only then. */
  armsDeliveries(clientId: string): boolean {
    return this.byClient.get(clientId)?.some((f) => f.delivery !== undefined) ?? false;
  }

  /** The first armed fault of this tenant's deliveries (a reordering one only when there is a next event to swap). */
  takeDelivery(clientId: string, canReorder: boolean): Fault | undefined {
    return this.use(clientId, (f) => f.delivery !== undefined && (canReorder || f.delivery !== 'reorder'));
  }

  private use(clientId: string, matches: (fault: Fault) => boolean): Fault | undefined {
    const faults = this.byClient.get(clientId);
    const fault = faults?.find(matches);
    if (!faults || !fault) return undefined;
    fault.times -= 1;
    if (fault.times <= 0) faults.splice(faults.indexOf(fault), 1);
    if (faults.length === 0) this.byClient.delete(clientId);
    return fault;
  }
}

/** A sandbox helper: a fault armed for a tenant that exists (helpers take no credentials, so the client id is named). */
export function armFault({ db }: HelperCaller, faults: FaultRegistry, fault: Fault) {
  if (!findOrganizationByClientId(db, fault.client_id)) {
    throw new DomainError('not-found', 'tenant-not-found', 'No tenant has this client_id');
  }
  faults.arm(fault);
  return { armed: fault };
}
