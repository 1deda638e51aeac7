import type { RequestContext } from '../../lib/context.ts'
import type { StaffActor } from '../staff/service.ts'
import type { AuditActor, AuditEntryInput } from './service.ts'

/** Who acts in the back office and the request they act from, as a service records it in the audit log. */
export interface StaffContext {
  actor: AuditActor
  request?: AuditEntryInput['request']
}

/** The audit context of a signed-in member's request (the routes build it; services never see the request). */
export function staffContext(staff: StaffActor, ctx: RequestContext): StaffContext {
  return {
    actor: { id: staff.id, label: staff.email },
    request: { ip: ctx.ip, userAgent: ctx.userAgent ?? undefined, id: ctx.requestId },
  }
}
