/**
 * Requests made from an OpenAPI 3.1 document alone: for an operation, one request the document
 * says is valid (path parameters, query, and a body in each declared media type) and requests
 * each of which breaks one keyword of the document (a required property left out, a wrong type,
 * a length, a bound, an enum, a pattern or format, an extra property where none is allowed).
 * Values come from fast-check arbitraries built from the schemas, with a fixed seed, and every
 * request is checked against the document with Ajv: a valid one must validate, an invalid one
 * must not (a mutation that happens to stay valid is dropped).
 */
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { encodePng } from '../../app/backend/files/png'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema, read keyword by keyword as the walk meets them
export type Schema = Record<string, any>
export type OpenApi = {
  paths: Record<string, Record<string, Schema>>
  components: { schemas: Record<string, Schema> }
}

const REF = '#/components/schemas/'
const BASE = 'http://localhost/api/v1/openapi.json'

export type MediaType =
  'application/json' | 'application/x-www-form-urlencoded' | 'multipart/form-data'

/** A binary part: bytes of a media type, sent as a file in multipart bodies. */
export class BinaryValue {
  constructor(
    readonly bytes: Uint8Array,
    readonly type: string,
  ) {}
  toJSON() {
    return `<${this.bytes.length} bytes of ${this.type}>`
  }
}

/** Files of a media type, for string schemas that say what their content is. */
function fileOf(type: string): Uint8Array {
  if (type === 'application/octet-stream') return new Uint8Array([1, 2, 3, 4])
  if (type === 'application/pdf')
    return new Uint8Array(
      Buffer.from(
        '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
        'latin1',
      ),
    )
  // image/png, and the fallback for any image: a real 4×3 picture.
  return encodePng(4, 3, new Uint8Array(36).fill(120))
}

/**
 * A file of the first media type the schema names (its contentMediaType, or that of its first
 * choice), as a binary part or in base64: the first is the one every use of the field takes.
 */
function fileArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const types = [schema, ...((schema.anyOf ?? []) as Schema[])].flatMap((choice) =>
    typeof choice.contentMediaType === 'string' ? [choice.contentMediaType] : [],
  )
  const type = types[0] ?? 'application/octet-stream'
  const bytes = fileOf(type)
  return fc.constant(
    schema.format === 'binary'
      ? new BinaryValue(bytes, type)
      : Buffer.from(bytes).toString('base64'),
  )
}

export class DocumentRequests {
  private readonly ajv: Ajv2020
  private readonly compiled = new Map<Schema, ValidateFunction>()

  constructor(readonly document: OpenApi) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, multipleOfPrecision: 9 })
    addFormats(this.ajv)
    // contentMediaType/contentEncoding are annotations: the content itself is this file's business.
    this.ajv.addSchema({ $id: BASE, components: rebased(document.components) } as Schema, BASE)
  }

  /** A schema with its $ref followed (one level at a time, as often as needed). */
  resolve(schema: Schema): Schema {
    let current = schema
    for (let depth = 0; current?.$ref && depth < 20; depth++) {
      const name = String(current.$ref).slice(REF.length)
      const target = this.document.components.schemas[name]
      if (!target) throw new Error(`Unknown schema ${current.$ref}`)
      const { $ref: _, ...rest } = current
      current = Object.keys(rest).length ? { ...target, ...rest } : target
    }
    return current
  }

  /** Whether a value is valid by a schema of the document (refs resolved against its components). */
  valid(schema: Schema, value: unknown): boolean {
    let validate = this.compiled.get(schema)
    if (!validate) {
      validate = this.ajv.compile(rebased(schema) as Schema)
      this.compiled.set(schema, validate)
    }
    return validate(jsonView(value)) as boolean
  }

  /** An arbitrary of the values a schema allows (before the conditional keywords, which `valid` checks). */
  arbitrary(input: Schema, media: MediaType): fc.Arbitrary<unknown> {
    const schema = this.resolve(input)
    if (schema.format === 'binary' || schema.contentEncoding === 'base64')
      return fileArbitrary(schema)
    if ('const' in schema) return fc.constant(schema.const)
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum)
    const branches = schema.oneOf ?? schema.anyOf
    if (Array.isArray(branches)) {
      const { oneOf: _, anyOf: __, ...base } = schema
      return fc.oneof(
        ...branches.map((branch: Schema) =>
          this.arbitrary(merge(base, this.resolve(branch)), media),
        ),
      )
    }
    const type = Array.isArray(schema.type)
      ? schema.type.filter((kind: string) => kind !== 'null' || media === 'application/json')
      : schema.type
    if (Array.isArray(type))
      return fc.oneof(
        ...type.map((kind: string) => this.arbitrary({ ...schema, type: kind }, media)),
      )
    switch (type ?? (schema.properties ? 'object' : undefined)) {
      case 'object':
        return this.objectArbitrary(schema, media)
      case 'array': {
        if (Array.isArray(schema.prefixItems))
          return fc.tuple(...schema.prefixItems.map((item: Schema) => this.arbitrary(item, media)))
        const min = Math.max(schema.minItems ?? 0, media === 'application/json' ? 0 : 1)
        return fc.array(this.arbitrary(schema.items ?? {}, media), {
          minLength: min,
          maxLength: Math.min(schema.maxItems ?? min + 3, min + 3),
        })
      }
      case 'string':
        return stringArbitrary(schema)
      case 'integer':
        return fc.integer({
          min: Math.max(lowest(schema, 1), -1e9),
          max: Math.min(highest(schema, 1), 1e9),
        })
      case 'number':
        return numberArbitrary(schema)
      case 'boolean':
        return fc.boolean()
      case 'null':
        return fc.constant(null)
      default:
        return fc.string({ maxLength: 10 })
    }
  }

  private objectArbitrary(schema: Schema, media: MediaType) {
    const properties = (schema.properties ?? {}) as Record<string, Schema>
    const required = new Set<string>(schema.required ?? [])
    const shape = Object.fromEntries(
      Object.entries(properties)
        .filter(([name, property]) => {
          const resolved = this.resolve(property)
          // A binary part travels in multipart bodies only; elsewhere it is left out.
          return (
            required.has(name) || resolved.format !== 'binary' || media === 'multipart/form-data'
          )
        })
        .map(([name, property]) => [name, this.arbitrary(property, media)]),
    )
    return fc.record(shape, { requiredKeys: [...required].filter((name) => name in shape) })
  }

  /** One value the schema allows, from the seed; null when none was found. */
  sample(schema: Schema, media: MediaType, seed: number): unknown {
    const arbitrary = this.arbitrary(schema, media).filter((value) => this.valid(schema, value))
    try {
      return fc.sample(arbitrary, { seed, numRuns: 1 })[0]
    } catch {
      return null
    }
  }

  /**
   * Values that each break one keyword of the schema where the valid value has something to
   * break, with the path of the field the answer must name ('' for the body as a whole).
   */
  mutations(input: Schema, value: unknown, path: string[] = [], media: MediaType): Mutation[] {
    const schema = this.resolve(input)
    const found: Mutation[] = []
    const json = media === 'application/json'
    const branches = schema.oneOf ?? schema.anyOf
    if (Array.isArray(branches)) {
      const { oneOf: _, anyOf: __, ...base } = schema
      const branch = branches
        .map((candidate: Schema) => merge(base, this.resolve(candidate)))
        .find((candidate: Schema) => this.valid(candidate, value))
      return branch ? this.mutations(branch, value, path, media) : []
    }
    const at = (keyword: string, replacement: unknown): Mutation => ({
      keyword,
      path,
      value: replacement,
    })
    if (Array.isArray(schema.enum) && typeof value === 'string')
      found.push(at('enum', 'not-one-of-the-list'))
    if ('const' in schema && typeof schema.const === 'string')
      found.push(at('const', `not-${schema.const}`))
    const type = Array.isArray(schema.type) ? schema.type : [schema.type]
    if (json) {
      const wrong = wrongTypeValue(type)
      if (wrong !== undefined) found.push(at('type', wrong))
    }
    if (typeof value === 'string' && type.includes('string')) {
      if (schema.format !== 'binary') {
        if (schema.minLength > 0) found.push(at('minLength', 'x'.repeat(schema.minLength - 1)))
        if (schema.maxLength !== undefined)
          found.push(at('maxLength', 'x'.repeat(schema.maxLength + 1)))
        if (schema.pattern) {
          const broken = PATTERN_BREAKERS.find(
            (candidate) =>
              !new RegExp(schema.pattern, 'u').test(candidate) &&
              candidate.length >= (schema.minLength ?? 0) &&
              candidate.length <= (schema.maxLength ?? Infinity),
          )
          if (broken !== undefined) found.push(at('pattern', broken))
        }
        const badFormat = FORMAT_BREAKERS[schema.format as string]
        if (badFormat) found.push(at('format', badFormat))
      }
    }
    if (typeof value === 'number' && (type.includes('number') || type.includes('integer'))) {
      if (schema.minimum !== undefined) found.push(at('minimum', schema.minimum - 1))
      if (schema.exclusiveMinimum !== undefined)
        found.push(at('exclusiveMinimum', schema.exclusiveMinimum))
      if (schema.maximum !== undefined) found.push(at('maximum', schema.maximum + 1))
      if (schema.exclusiveMaximum !== undefined)
        found.push(at('exclusiveMaximum', schema.exclusiveMaximum))
      if (schema.multipleOf !== undefined)
        found.push(at('multipleOf', Number((value + schema.multipleOf / 2).toFixed(12))))
      if (json && type.includes('integer') && !type.includes('number'))
        found.push(at('type', value + 0.5))
    }
    if (Array.isArray(value)) {
      if (schema.minItems > 0) found.push(at('minItems', value.slice(0, schema.minItems - 1)))
      if (schema.maxItems !== undefined && value.length)
        found.push(
          at(
            'maxItems',
            Array.from({ length: schema.maxItems + 1 }, (_, index) => value[index % value.length]),
          ),
        )
      if (value.length && schema.items)
        for (const inner of this.mutations(schema.items, value[0], [...path, '0'], media))
          found.push({ ...inner, value: [inner.value, ...value.slice(1)] })
    }
    if (
      value &&
      typeof value === 'object' &&
      !Array.isArray(value) &&
      !(value instanceof BinaryValue)
    ) {
      const record = value as Record<string, unknown>
      const properties = (schema.properties ?? {}) as Record<string, Schema>
      for (const name of schema.required ?? []) {
        if (!(name in record)) continue
        const { [name]: _, ...rest } = record
        found.push({ keyword: 'required', path: [...path, name], value: rest })
      }
      if (schema.additionalProperties === false)
        found.push({
          keyword: 'additionalProperties',
          path: [...path, 'unexpected_field'],
          value: { ...record, unexpected_field: 'x' },
        })
      for (const [name, inner] of Object.entries(record)) {
        if (!properties[name]) continue
        for (const mutation of this.mutations(properties[name], inner, [...path, name], media))
          found.push({ ...mutation, value: { ...record, [name]: mutation.value } })
      }
    }
    return found
  }
}

export type Mutation = { keyword: string; path: string[]; value: unknown }

/** A value of none of the types, and not one a form field would read as one of them either. */
function wrongTypeValue(types: (string | undefined)[]): unknown {
  if (types.includes(undefined)) return undefined
  if (types.includes('string')) return types.includes('number') ? { wrong: true } : 12345
  if (types.includes('number') || types.includes('integer')) return 'twelve'
  if (types.includes('boolean')) return 'maybe'
  if (types.includes('array')) return 7
  if (types.includes('object')) return 'text'
  return undefined
}

const PATTERN_BREAKERS = ['', 'x', '!', '0', ' ', 'x y', '-1', '99999999999', '2024-13-45T99']
const FORMAT_BREAKERS: Record<string, string> = {
  email: 'not-an-email',
  date: '2023-02-30',
  'date-time': '2023-02-30T25:00:00Z',
  uuid: 'not-a-uuid',
}

function lowest(schema: Schema, step: number) {
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + step
  return schema.minimum ?? -1e6
}
function highest(schema: Schema, step: number) {
  if (schema.exclusiveMaximum !== undefined) return schema.exclusiveMaximum - step
  return schema.maximum ?? 1e6
}

function numberArbitrary(schema: Schema): fc.Arbitrary<number> {
  const step = schema.multipleOf as number | undefined
  if (step) {
    const decimals = Math.max(0, -Math.floor(Math.log10(step)))
    const min = Math.ceil(Math.max(lowest(schema, step), -1e9) / step)
    const max = Math.floor(Math.min(highest(schema, step), 1e9) / step)
    return fc.integer({ min, max }).map((count) => Number((count * step).toFixed(decimals)))
  }
  const min = Math.max(lowest(schema, 1e-6), -1e9)
  const max = Math.min(highest(schema, 1e-6), 1e9)
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .map((n) => (Object.is(n, -0) ? 0 : n))
}

function stringArbitrary(schema: Schema): fc.Arbitrary<unknown> {
  const minLength = schema.minLength ?? 0
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40))
  const fits = (text: string) =>
    text.length >= minLength &&
    text.length <= (schema.maxLength ?? Infinity) &&
    (!schema.pattern || new RegExp(schema.pattern, 'u').test(text))
  let base: fc.Arbitrary<string>
  if (schema.pattern) {
    try {
      base = fc.stringMatching(new RegExp(schema.pattern))
    } catch {
      base = fc.string({ minLength, maxLength })
    }
  } else if (schema.format === 'email') base = fc.emailAddress()
  else if (schema.format === 'date')
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10))
  else if (schema.format === 'date-time')
    base = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString())
  else if (schema.format === 'uuid') base = fc.uuid()
  else base = fc.string({ minLength, maxLength })
  return base.filter(fits)
}

function merge(base: Schema, branch: Schema): Schema {
  if (!Object.keys(base).length) return branch
  return {
    ...base,
    ...branch,
    // A branch that names a property adds its keywords to the property's own.
    properties: Object.fromEntries(
      [
        ...new Set([
          ...Object.keys(base.properties ?? {}),
          ...Object.keys(branch.properties ?? {}),
        ]),
      ].map((name) => [
        name,
        { ...(base.properties?.[name] ?? {}), ...(branch.properties?.[name] ?? {}) },
      ]),
    ),
    required: [...new Set([...(base.required ?? []), ...(branch.required ?? [])])],
  }
}

/** The document's refs pointed at the registered copy of its components. */
function rebased(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rebased)
  if (!value || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' && inner.startsWith('#/')
        ? `${BASE}${inner}`
        : rebased(inner),
    ]),
  )
}

/** A value as Ajv sees it: binary parts as the strings they stand for. */
function jsonView(value: unknown): unknown {
  if (value instanceof BinaryValue) return 'binary'
  if (Array.isArray(value)) return value.map(jsonView)
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, jsonView(inner)]))
  return value
}

/** A body in a media type: JSON text, or form fields (repeated for arrays, files as file parts). */
export function encodeBody(value: unknown, media: MediaType): { body: BodyInit; type?: string } {
  if (media === 'application/json') return { body: JSON.stringify(value), type: media }
  const record = (value ?? {}) as Record<string, unknown>
  const entries: [string, unknown][] = Object.entries(record).flatMap(([key, inner]) =>
    Array.isArray(inner) ? inner.map((item) => [key, item] as [string, unknown]) : [[key, inner]],
  )
  if (media === 'application/x-www-form-urlencoded') {
    const form = new URLSearchParams()
    for (const [key, inner] of entries) form.append(key, formText(inner))
    return { body: form.toString(), type: media }
  }
  const form = new FormData()
  for (const [key, inner] of entries) {
    if (inner instanceof BinaryValue)
      form.append(
        key,
        new Blob([new Uint8Array(inner.bytes)], { type: inner.type }),
        `upload.${extensionOf(inner.type)}`,
      )
    else form.append(key, formText(inner))
  }
  return { body: form }
}

const extensionOf = (type: string) => (type === 'application/pdf' ? 'pdf' : type.split('/')[1])

function formText(value: unknown) {
  if (value === null || value === undefined) return ''
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}
