/** A named column mapping for "any other CSV" (vast.ai, RunPod, Lambda, an internal ledger): the generic dialect. */
import { z } from 'zod';
import { DATE_FORMATS } from './billing-dates';
import { CURRENCY_EXPECTED, isIso4217Code } from './iso-4217';

const column = z.string().trim().min(1, 'a column name of the file');

export const columnMappingSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    dateColumn: column,
    dateFormat: z.enum(DATE_FORMATS as readonly ['auto', ...string[]]).default('auto'),
    costColumn: column,
    currencyColumn: column.optional(),
    /** A fixed ISO 4217 currency code when the file has no currency column (or for its empty cells). */
    currency: z
      .string()
      .trim()
      .refine((c) => isIso4217Code(c.toUpperCase()), CURRENCY_EXPECTED)
      .optional(),
    providerColumn: column.optional(),
    /** A fixed provider name when the file has no provider column (e.g. "RunPod"). */
    provider: z.string().trim().min(1).max(100).optional(),
    serviceColumn: column.optional(),
    resourceColumn: column.optional(),
    accountColumn: column.optional(),
    skuColumn: column.optional(),
    tagColumns: z.array(column).default([]),
    decimalSeparator: z.enum(['.', ',']).default('.'),
    /** 'negate' when the ledger shows spend as negative amounts. */
    sign: z.enum(['as-is', 'negate']).default('as-is'),
  })
  .refine((m) => m.currencyColumn !== undefined || m.currency !== undefined, {
    path: ['currency'],
    message: 'a currency column or a fixed currency code',
  });

export type ColumnMapping = z.output<typeof columnMappingSchema>;
export type ColumnMappingInput = z.input<typeof columnMappingSchema>;
