import fs from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')
// Documents that live outside the repository: a rule the code follows is written in docs/ or the README.
const OUTSIDE = /\b(?:SPEC|DESIGN|BRIEFING|TOOLCHAIN)(?:\.md|'s)/

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return files(full)
    return /\.(ts|tsx|mjs|js|md)$/.test(entry.name) ? [full] : []
  })
}

test('no source, test or document in the repository cites a document outside it', () => {
  const here = path.resolve(import.meta.filename)
  const offenders = [
    ...files(path.join(ROOT, 'app')),
    ...files(path.join(ROOT, 'tests')),
    ...files(path.join(ROOT, 'docs')),
    path.join(ROOT, 'README.md'),
  ]
    .filter((file) => file !== here)
    .flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          OUTSIDE.test(line) ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    )
  expect(offenders).toEqual([])
})

test('every docs/ file a comment points to exists', () => {
  const cited = new Set(
    [
      ...files(path.join(ROOT, 'app')),
      ...files(path.join(ROOT, 'tests')),
      path.join(ROOT, 'README.md'),
    ].flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/\bdocs\/[\w-]+\.md\b/g)].map((match) => match[0]),
    ),
  )
  expect(cited.size).toBeGreaterThan(0)
  expect([...cited].filter((doc) => !fs.existsSync(path.join(ROOT, doc)))).toEqual([])
})

test('every link in the README and docs/ leads to a file or folder of the repository', () => {
  const documents = [path.join(ROOT, 'README.md'), ...files(path.join(ROOT, 'docs'))].filter(
    (file) => file.endsWith('.md'),
  )
  const broken = documents.flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((match) => match[1])
      .filter((target) => !/^(https?:|mailto:|#)/.test(target))
      .filter((target) => !fs.existsSync(path.resolve(path.dirname(file), target.split('#')[0])))
      .map((target) => `${path.relative(ROOT, file)} → ${target}`),
  )
  expect(documents.length).toBeGreaterThan(5)
  expect(broken).toEqual([])
})

test('the README is what a newcomer reads first: at most 150 lines', () => {
  expect(
    fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length,
  ).toBeLessThanOrEqual(150)
})
