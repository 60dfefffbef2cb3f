import type { OpenApiDocument } from './openapi'

type Schema = {
  type?: string | string[]
  enum?: unknown[]
  const?: unknown
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  additionalProperties?: Schema | boolean
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  format?: string
  pattern?: string
  default?: unknown
  description?: string
  contentMediaType?: string
  $ref?: string
}
type Parameter = {
  name: string
  in: string
  required: boolean
  description?: string
  schema: Schema
}
type Operation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  parameters?: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>
  security: unknown[]
}

/**
 * The API reference as one HTML page: every operation grouped by tag, with its access rule,
 * parameters, body and answer as field tables. Self-contained: no script, no request to another host.
 */
export function renderDocsPage(described: OpenApiDocument): string {
  const document = withRefsInlined(described)
  const operations: { method: string; path: string; operation: Operation }[] = []
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      operations.push({
        method: method.toUpperCase(),
        path,
        operation: operation as unknown as Operation,
      })
    }
  }
  const sections = document.tags.map(({ name }) => {
    const inTag = operations.filter(({ operation }) => operation.tags.includes(name))
    return `<section aria-labelledby="tag-${slug(name)}">
<h2 id="tag-${slug(name)}">${escape(name)}</h2>
${inTag.map(renderOperation).join('\n')}
</section>`
  })
  const contents = document.tags
    .map(({ name }) => {
      const links = operations
        .filter(({ operation }) => operation.tags.includes(name))
        .map(
          ({ method, path, operation }) =>
            `<li><a href="#${escape(operation.operationId)}"><code>${method} ${escape(path)}</code></a></li>`,
        )
      return `<li><a href="#tag-${slug(name)}">${escape(name)}</a><ul>${links.join('')}</ul></li>`
    })
    .join('')

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(document.info.title)} reference</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escape(document.info.title)} <small>v${escape(document.info.version)}</small></h1>
${paragraphs(document.info.description)}
<p>Base address: <code>${escape(document.servers[0]?.url ?? '')}</code>. The same description as a document: <a href="openapi.json"><code>openapi.json</code></a>.</p>
</header>
<nav aria-label="Endpoints"><h2>Endpoints</h2><ul>${contents}</ul></nav>
<main>
${sections.join('\n')}
</main>
</body>
</html>
`
}

function renderOperation({
  method,
  path,
  operation,
}: {
  method: string
  path: string
  operation: Operation
}) {
  const parameters = operation.parameters ?? []
  const body = operation.requestBody?.content['application/json']?.schema
  const ok = operation.responses['200']
  const okJson = ok?.content?.['application/json']?.schema
  const data = okJson?.properties?.data
  const fileTypes = ok?.content && !okJson ? Object.keys(ok.content) : []
  const failures = Object.entries(operation.responses).filter(([status]) => status !== '200')
  return `<article id="${escape(operation.operationId)}">
<h3><span class="method ${method.toLowerCase()}">${method}</span> <code>${escape(path)}</code></h3>
<p class="summary">${escape(operation.summary)} <span class="muted">(${escape(operation.operationId)})</span></p>
${paragraphs(operation.description ?? '')}
${operation.security.length ? '<p class="muted">Send <code>Authorization: Bearer &lt;token&gt;</code>.</p>' : ''}
${parameters.length ? `<h4>Parameters</h4>${parameterTable(parameters)}` : ''}
${body ? `<h4>Body</h4>${fieldTable(body)}` : ''}
<h4>Answer</h4>
${
  fileTypes.length
    ? `<p>A file: ${fileTypes.map((type) => `<code>${escape(type)}</code>`).join(', ')}.</p>`
    : data
      ? `<p><code>data</code> of the envelope:</p>${fieldTable(data)}`
      : ''
}
<p class="muted">Failures: ${failures.map(([status, answer]) => `<strong>${escape(status)}</strong> ${escape(answer.description)}`).join('; ')}.</p>
</article>`
}

function parameterTable(parameters: Parameter[]) {
  const rows = parameters.map(
    (parameter) =>
      `<tr><td><code>${escape(parameter.name)}</code></td><td>${escape(parameter.in)}</td><td>${parameter.required ? 'yes' : 'no'}</td><td>${escape(describe(parameter.schema))}</td><td>${escape(parameter.description ?? '')}</td></tr>`,
  )
  return `<table><thead><tr><th>Name</th><th>In</th><th>Required</th><th>Type</th><th>Meaning</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function fieldTable(schema: Schema) {
  const rows = fieldRows(schema, '', 0)
  if (!rows.length) return `<p>${escape(describe(schema))}</p>`
  return `<table><thead><tr><th>Field</th><th>Required</th><th>Type</th></tr></thead><tbody>${rows.join('')}</tbody></table>`
}

function fieldRows(schema: Schema, prefix: string, depth: number): string[] {
  const object = objectOf(schema)
  if (!object?.properties || depth > 3) return []
  const required = new Set(object.required ?? [])
  return Object.entries(object.properties).flatMap(([name, property]) => {
    const full = `${prefix}${name}`
    const row = `<tr><td><code>${escape(full)}</code></td><td>${required.has(name) ? 'yes' : 'no'}</td><td>${escape(describe(property))}${property.description ? ` <span class="muted">${escape(property.description)}</span>` : ''}</td></tr>`
    const inner = objectOf(property)
      ? property
      : objectOf(itemsOf(property) ?? {})
        ? itemsOf(property)
        : undefined
    const suffix = inner === property ? '.' : '[].'
    return [row, ...(inner ? fieldRows(inner, `${full}${suffix}`, depth + 1) : [])]
  })
}

/** The object inside a schema, also when it may be null. */
function objectOf(schema: Schema): Schema | undefined {
  if (schema.properties) return schema
  return (schema.anyOf ?? schema.oneOf)?.find((option) => option.properties)
}

function itemsOf(schema: Schema): Schema | undefined {
  if (schema.items) return schema.items
  return (schema.anyOf ?? schema.oneOf)?.find((option) => option.items)?.items
}

/** A one-line type: "string (at most 255 characters)", "one of land, land_investment", "array of object", "number or null". */
function describe(schema: Schema): string {
  if (schema.const !== undefined) return `exactly ${JSON.stringify(schema.const)}`
  if (schema.enum) return `one of ${schema.enum.map((value) => String(value)).join(', ')}`
  const options = schema.anyOf ?? schema.oneOf
  if (options) return [...new Set(options.map(describe))].join(' or ')
  if (schema.type === 'array')
    return `array of ${schema.items ? describe(schema.items) : 'anything'}`
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type
  if (!type) return schema.properties ? 'object' : 'any value'
  const limits = [
    // Every integer carries JavaScript's safe range: only a narrower bound says something.
    schema.minimum !== undefined && schema.minimum > Number.MIN_SAFE_INTEGER
      ? `at least ${schema.minimum}`
      : '',
    schema.maximum !== undefined && schema.maximum < Number.MAX_SAFE_INTEGER
      ? `at most ${schema.maximum}`
      : '',
    schema.minLength ? `at least ${schema.minLength} characters` : '',
    schema.maxLength !== undefined ? `at most ${schema.maxLength} characters` : '',
    schema.format ? schema.format : '',
    schema.default !== undefined ? `default ${JSON.stringify(schema.default)}` : '',
  ].filter(Boolean)
  return limits.length ? `${type} (${limits.join(', ')})` : type
}

function paragraphs(text: string) {
  return text
    .split(/\n{2,}/)
    .filter((block) => block.trim())
    .map((block) => `<p>${inlineCode(escape(block)).replace(/\n/g, ' ')}</p>`)
    .join('\n')
}

const inlineCode = (html: string) => html.replace(/`([^`]+)`/g, '<code>$1</code>')

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-')

function escape(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;color:#1f2937;margin:0 auto;max-width:72rem;padding:1rem}
h1 small{font-size:.6em;color:#6b7280}
nav ul{list-style:none;padding-left:1rem}
nav>ul{columns:2 20rem;padding:0}
article{border-top:1px solid #e5e7eb;padding:1rem 0}
h3{font-size:1.05rem;margin:.25rem 0}
h4{font-size:.95rem;margin:.75rem 0 .25rem}
code{font-family:ui-monospace,monospace;font-size:.9em;background:#f3f4f6;padding:0 .2em;border-radius:3px}
.method{display:inline-block;min-width:3.5rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.method.get{background:#047857}.method.post{background:#1d4ed8}
.muted{color:#6b7280}
table{border-collapse:collapse;width:100%;font-size:.9rem}
th,td{border:1px solid #e5e7eb;padding:.25rem .5rem;text-align:left;vertical-align:top}
th{background:#f9fafb}
`

/**
 * The document with each named schema, response and header written out where it is referred to,
 * as the field tables read them; a name met again inside itself stays a reference.
 */
function withRefsInlined(document: OpenApiDocument): OpenApiDocument {
  const named = document.components as unknown as Record<string, Record<string, unknown>>
  const inline = (value: unknown, open: readonly string[]): unknown => {
    if (Array.isArray(value)) return value.map((item) => inline(item, open))
    if (!value || typeof value !== 'object') return value
    const { $ref, ...rest } = value as { $ref?: unknown }
    if (typeof $ref === 'string' && $ref.startsWith('#/components/') && !open.includes($ref)) {
      const [kind, name] = $ref.slice('#/components/'.length).split('/')
      const target = named[kind]?.[name]
      if (target)
        return { ...(inline(target, [...open, $ref]) as object), ...(inline(rest, open) as object) }
    }
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, inline(inner, open)]),
    )
  }
  return { ...document, paths: inline(document.paths, []) as OpenApiDocument['paths'] }
}
