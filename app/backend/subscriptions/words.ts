const ONES = [
  '',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
]
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety']
const SCALES = ['', 'thousand', 'million', 'billion', 'trillion']

function belowHundred(n: number) {
  if (n < 20) return ONES[n]
  const unit = n % 10
  return unit ? `${TENS[Math.floor(n / 10)]}-${ONES[unit]}` : TENS[Math.floor(n / 10)]
}

function belowThousand(n: number) {
  const hundreds = Math.floor(n / 100)
  const rest = n % 100
  const parts: string[] = []
  if (hundreds) parts.push(`${ONES[hundreds]} hundred`)
  if (rest) parts.push(hundreds ? `and ${belowHundred(rest)}` : belowHundred(rest))
  return parts.join(' ')
}

/** A whole number in British English words: 1250050 → "one million, two hundred and fifty thousand and fifty". */
export function integerInWords(value: number): string {
  const n = Math.floor(Math.abs(value))
  if (n === 0) return 'zero'
  const groups: number[] = []
  for (let rest = n; rest > 0; rest = Math.floor(rest / 1000)) groups.push(rest % 1000)
  if (groups.length > SCALES.length) throw new Error('Number too large to write in words')
  const words: string[] = []
  for (let index = groups.length - 1; index >= 0; index--) {
    const group = groups[index]
    if (!group) continue
    const text = `${belowThousand(group)}${SCALES[index] ? ` ${SCALES[index]}` : ''}`
    // "one thousand and five", but "one thousand, two hundred".
    if (index === 0 && words.length && group < 100) words.push(`and ${text}`)
    else words.push(text)
  }
  return words.reduce((sentence, part) =>
    part.startsWith('and ') ? `${sentence} ${part}` : `${sentence}, ${part}`,
  )
}

/** Kobo as a receipt writes it: "One million, two hundred and fifty thousand naira and fifty kobo only". */
export function nairaInWords(kobo: number): string {
  const naira = Math.floor(kobo / 100)
  const rest = kobo % 100
  let text = `${integerInWords(naira)} naira`
  if (rest) text += ` and ${integerInWords(rest)} kobo`
  text += ' only'
  return text.charAt(0).toUpperCase() + text.slice(1)
}
