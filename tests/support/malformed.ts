/**
 * fast-check generators of malformed requests: bodies with missing, extra and mistyped fields,
 * huge strings, bad encodings, wrong content types, invalid JSON and truncated multipart; and
 * odd query strings and path parameters. Shared by the API (in-process) and web (HTTP) checks.
 */
import fc from 'fast-check'

/** The seed every generator starts from: fixed, so a run can be repeated; FUZZ_SEED=<n> to change it. */
export function fuzzSeed() {
  const fromEnv = Number(process.env.FUZZ_SEED)
  return Number.isSafeInteger(fromEnv) ? fromEnv : 20_260_322
}

/**
 * At least this many generated requests per endpoint or action (fast-check's own default number of
 * runs, from a fixed seed); FUZZ_RUNS=<n> to raise it, as a longer hunt does.
 */
export function fuzzRuns() {
  const fromEnv = Number(process.env.FUZZ_RUNS)
  return Number.isSafeInteger(fromEnv) && fromEnv > 100 ? fromEnv : 100
}

const HUGE = 'x'.repeat(1_000_000)
const HUGE_UNICODE = '₦😀'.repeat(100_000)

/** Strings that have broken servers before: NUL, lone surrogates, markup, SQL, numbers in disguise, overlong text. */
export const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\udfffy',
      '\ufeff',
      '\u202e',
      '%00',
      '%',
      '%E0%A4%A',
      '../../etc/passwd',
      '<script>alert(1)</script>',
      '"><img src=x onerror=alert(1)>',
      "'; drop table users; --",
      '1e309',
      '-1e309',
      'NaN',
      'Infinity',
      '-1',
      '0',
      '-0',
      '0x1F',
      '1_000',
      '9'.repeat(400),
      '١٢٣',
      '1,000,000',
      '₦5,000',
      '5.5.5',
      'null',
      'true',
      '{}',
      '[]',
      '2026-13-45',
      '0000-00-00',
      '2026-02-30 25:61',
      'ＡＢＣ',
      'user@',
      '@example.com',
      'a@b',
      `${'a'.repeat(300)}@example.com`,
      'x'.repeat(5000),
    ),
  },
  { weight: 1, arbitrary: fc.constantFrom(HUGE, HUGE_UNICODE) },
)

/** Any JSON value, nasty strings and extreme numbers included. */
export const nastyValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    nastyString,
    fc.integer(),
    fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, 5e-324, 0.1 + 0.2),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value

/**
 * Keys a caller might add to claim more than it may: a server must ignore them. The values name
 * the first account (the super admin) and every permission.
 */
export const PRIVILEGE_KEYS: Record<string, unknown> = {
  role: 'super_admin',
  is_admin: true,
  user_id: 1,
  owner_id: 1,
  realtor_id: 1,
  created_by_id: 1,
  permissions: ['can_modify_user', 'can_modify_setting', 'can_verify_transaction'],
  email_verified_at: '2020-01-01T00:00:00Z',
  is_suspended: false,
}

/** An object built around a valid sample: fields kept, dropped, retyped, and unknown or dangerous keys added. */
export function bodyObject(sample: Record<string, unknown>) {
  const keys = Object.keys(sample)
  const keyArb = fc.oneof(
    { weight: 5, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.string({ maxLength: 10 }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '__proto__',
        'constructor',
        'prototype',
        'toString',
        'id',
        'role',
        'user_id',
        'is_admin',
      ),
    },
    { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
  )
  return fc.oneof(
    // The sample with some fields changed or removed, and some added.
    fc
      .record({
        drop: fc.subarray(keys),
        change: fc.dictionary(keyArb, nastyValue, { maxKeys: 4 }),
      })
      .map(({ drop, change }) => {
        const body: Record<string, unknown> = { ...sample }
        for (const key of drop) delete body[key]
        for (const [key, value] of Object.entries(change)) {
          Object.defineProperty(body, key, {
            value,
            enumerable: true,
            configurable: true,
            writable: true,
          })
        }
        return body
      }),
    // Only random fields.
    fc.dictionary(keyArb, nastyValue, { maxKeys: 6 }),
    // The valid sample with keys that claim privileges: it should be accepted, the claims ignored.
    fc
      .subarray(
        Object.keys(PRIVILEGE_KEYS).filter((key) => !(key in sample)),
        { minLength: 1 },
      )
      .map((claimed) => ({
        ...sample,
        ...Object.fromEntries(claimed.map((key) => [key, PRIVILEGE_KEYS[key]])),
      })),
  )
}

/** encodeURIComponent that also takes lone surrogates (sent as U+FFFD, as a browser would). */
export function encodeParam(value: string) {
  return encodeURIComponent(
    value.replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  )
}

/** `keys`: the fields of the object the body encodes, when it encodes one. */
export type RawRequest = {
  contentType: string | null
  body: string | Uint8Array | null
  note: string
  keys?: string[]
}

const enc = new TextEncoder()

function formFields(value: Record<string, unknown>) {
  return Object.entries(value).map(
    ([key, field]) =>
      [key, typeof field === 'string' ? field : (JSON.stringify(field) ?? '')] as const,
  )
}

function multipart(
  fields: (readonly [string, string])[],
  boundary: string,
  file: Uint8Array | null,
) {
  const parts: Uint8Array[] = []
  for (const [name, value] of fields) {
    parts.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name.replace(/"/g, '%22')}"\r\n\r\n${value}\r\n`,
      ),
    )
  }
  if (file) {
    parts.push(
      enc.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
    )
    parts.push(file, enc.encode('\r\n'))
  }
  parts.push(enc.encode(`--${boundary}--\r\n`))
  return Buffer.concat(parts)
}

/** A request body in one of many broken (or merely unusual) encodings. */
export function rawBody(sample: Record<string, unknown>): fc.Arbitrary<RawRequest> {
  const object = bodyObject(sample)
  const json = 'application/json'
  return fc.oneof(
    // Most bodies can be read, so the checks past the reading get most of the requests.
    {
      weight: 10,
      arbitrary: object.map((value) => ({
        contentType: json,
        body: JSON.stringify(value),
        note: 'json object',
        keys: Object.keys(value),
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(object, fc.nat()).map(([value, cut]) => {
        const text = JSON.stringify(value)
        return {
          contentType: json,
          body: text.slice(0, cut % Math.max(1, text.length)),
          note: 'truncated json',
        }
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(
          fc.jsonValue(),
          fc.constantFrom(
            '[]',
            '"text"',
            '42',
            'null',
            'true',
            '{"a":',
            '{a:1}',
            "{'a':1}",
            '\u0000',
            '{}garbage',
          ),
        )
        .map((value) => ({
          contentType: json,
          body: typeof value === 'string' ? value : JSON.stringify(value),
          note: 'json not an object',
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 200 }),
          fc.constantFrom(
            json,
            'application/json; charset=latin1',
            'text/plain',
            'application/x-www-form-urlencoded',
          ),
        )
        .map(([bytes, contentType]) => ({ contentType, body: bytes, note: 'random bytes' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          object,
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'multipart/form-data',
            'image/png',
            'application/json-patch+json',
            'x/y; charset=utf-8',
            '',
          ),
        )
        .map(([value, contentType]) => ({
          contentType,
          body: JSON.stringify(value),
          note: `json sent as ${contentType || 'no type'}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<RawRequest>(
        { contentType: json, body: null, note: 'no body' },
        { contentType: null, body: '', note: 'empty body without a type' },
      ),
    },
    {
      weight: 4,
      arbitrary: object.map((value) => ({
        contentType: 'application/x-www-form-urlencoded',
        body: new URLSearchParams(formFields(value) as [string, string][]).toString(),
        note: 'urlencoded',
        keys: Object.keys(value),
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.uint8Array({ maxLength: 60 }),
          fc.constantFrom('%', '%zz', 'a=%E0%A4%A', '&&==&', 'a=1&a=2&a[]=3'),
        )
        .map(([bytes, text]) => ({
          contentType: 'application/x-www-form-urlencoded',
          body: Buffer.concat([enc.encode(text), bytes]),
          note: 'bad urlencoded',
        })),
    },
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          object,
          fc.option(fc.uint8Array({ maxLength: 64 })),
          fc.nat(),
          fc.boolean(),
          fc.constantFrom('boundary', 'wrong'),
        )
        .map(([value, file, cut, truncate, boundaryKind]) => {
          const boundary = 'fuzz-boundary-7d1'
          const bytes = multipart(formFields(value), boundary, file)
          const declared = boundaryKind === 'boundary' ? boundary : 'not-the-boundary'
          return {
            contentType: `multipart/form-data; boundary=${declared}`,
            body: truncate ? bytes.subarray(0, cut % Math.max(1, bytes.length)) : bytes,
            note: truncate
              ? 'truncated multipart'
              : boundaryKind === 'wrong'
                ? 'multipart with the wrong boundary'
                : 'multipart',
          }
        }),
    },
  )
}

/** A query string of known and unknown parameters with nasty values. */
export const queryString = fc
  .dictionary(
    fc.oneof(
      fc.constantFrom(
        'page',
        'search',
        'type',
        'status',
        'available_status',
        'date_registered',
        'land_type',
        'land_investment_type',
        'amount',
      ),
      fc.string({ maxLength: 8 }),
    ),
    fc.oneof(
      nastyString.filter((value) => value.length < 10_000),
      fc.integer().map(String),
    ),
    { maxKeys: 4 },
  )
  .map((params) => {
    const search = new URLSearchParams()
    for (const [key, value] of Object.entries(params)) search.append(key, value)
    return search.toString()
  })

/** A path parameter: usually a real record's, otherwise something odd (encoded, or raw with % and dots). */
export function pathParam(real: string) {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant(encodeParam(real)) },
    { weight: 1, arbitrary: fc.constant(encodeParam(real.toLowerCase())) },
    { weight: 3, arbitrary: nastyString.filter((value) => value.length < 3000).map(encodeParam) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '..',
        '.',
        '%2e%2e',
        '%2F',
        '%00',
        'a%00b',
      ),
    },
  )
}

/**
 * What is wrong with an answer, or null: a 5xx, or anything but an envelope with a message (files
 * only on success, of a type the endpoint's entry names: `fileTypes`).
 */
export function envelopeProblem(
  status: number,
  contentType: string,
  text: string,
  fileTypes: readonly string[] = [],
): string | null {
  if (status >= 500) return `answered ${status}`
  if (status < 300 && fileTypes.some((type) => contentType.startsWith(type))) return null
  if (contentType.includes('application/json')) {
    let envelope: { status?: unknown; message?: unknown } | null
    try {
      envelope = JSON.parse(text)
    } catch {
      return 'answered JSON that does not parse'
    }
    if (
      typeof envelope?.status !== 'string' ||
      typeof envelope?.message !== 'string' ||
      !envelope.message.trim()
    ) {
      return `answered ${status} without an envelope and a message: ${text.slice(0, 200)}`
    }
    if (status >= 400 && envelope.status === '200')
      return `answered ${status} with a success envelope`
    return null
  }
  if (status >= 400)
    return `answered ${status} as ${contentType || 'no content type'}, not an envelope`
  return null
}
