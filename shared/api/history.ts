import { z } from 'zod';

/**
 * The 'History' view of the audit trail (DESIGN.md section 5): who read or changed what, when,
 * from where. LiberDiAdmin sees the platform, a ServiceProviderAdmin its provider, a
 * ClinicDirector its clinic and each of its patients. Filterable by person, patient and month;
 * the web exports what it shows as CSV.
 */

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The month shown (`yyyy-mm`), not in the future; the current month when absent. */
const monthSchema = z
  .string()
  .regex(MONTH, 'Month must be yyyy-mm')
  .refine((month) => month <= new Date().toISOString().slice(0, 7), 'Month must not be in the future');

const idSchema = z.string().min(1).max(128);

export const historyQuerySchema = z
  .object({
    month: monthSchema.optional(),
    /** Only this person's actions. */
    userId: idSchema.optional(),
    /** Only records about this patient. */
    patientId: idSchema.optional(),
    limit: z.coerce.number().int().min(1).max(200).optional(),
    cursor: z.string().min(1).max(2048).optional(),
  })
  .strict();
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const patientHistoryQuerySchema = historyQuerySchema.omit({ patientId: true, month: true });

export const auditEntrySchema = z.object({
  AuditID: z.string(),
  At: z.string(),
  UserID: z.string(),
  Role: z.string(),
  Route: z.string(),
  Action: z.enum(['read', 'write']),
  Entity: z.string(),
  EntityID: z.string(),
  Changes: z.array(z.object({ field: z.string(), before: z.unknown().optional(), after: z.unknown().optional() })).optional(),
  ServiceProviderID: z.string().optional(),
  ClinicID: z.string().optional(),
  PatientID: z.string().optional(),
  SourceIp: z.string(),
  UserAgent: z.string().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const historyPageSchema = z.object({ items: z.array(auditEntrySchema), cursor: z.string().optional() });
export type HistoryPage = z.infer<typeof historyPageSchema>;
