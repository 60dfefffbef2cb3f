/**
 * JSON Schema keywords the API document states for a schema beside those zod writes itself: a
 * rule checked by a refinement (so that an empty value gets only its "Enter …" message) is stated
 * here in the document's terms, e.g. `minLength: 8` beside the password's refinement. Kept on the
 * schema object itself, not inherited by copies made from it (`.regex()` and the like make a new
 * schema whose own checks the document then shows). tests/api/openapi-requests.test.ts checks
 * that what is stated is what the server does.
 */
import type { z } from 'zod'

const keywords = new WeakMap<object, Record<string, unknown>>()

export function stated<Schema extends z.ZodType>(
  schema: Schema,
  jsonSchema: Record<string, unknown>,
): Schema {
  keywords.set(schema, { ...keywords.get(schema), ...jsonSchema })
  return schema
}

export const statedKeywords = (schema: object) => keywords.get(schema)
