import { encodePng } from '../files/png'

type Rgb = [number, number, number]

export type Scene = {
  skyTop: Rgb
  skyBottom: Rgb
  sun: Rgb
  sunAt: [number, number]
  hills: Rgb[]
  trees: number
  house?: boolean
  fence?: boolean
  seed: number
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i] + (b[i] - a[i]) * t)) as Rgb

/** A small random generator, so a scene looks the same at every start. */
function random(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

/** A simple landscape drawing (sky, sun, rolling hills, trees, a house, fence posts) as a PNG. */
export function landscapePng(scene: Scene, width = 480, height = 300) {
  const pixels = new Uint8Array(width * height * 3)
  const rand = random(scene.seed)
  const set = (x: number, y: number, color: Rgb) => {
    if (x < 0 || y < 0 || x >= width || y >= height) return
    const at = (y * width + x) * 3
    pixels[at] = color[0]
    pixels[at + 1] = color[1]
    pixels[at + 2] = color[2]
  }
  const rect = (x0: number, y0: number, x1: number, y1: number, color: Rgb) => {
    for (let y = Math.max(0, y0); y < Math.min(height, y1); y++)
      for (let x = Math.max(0, x0); x < Math.min(width, x1); x++) set(x, y, color)
  }
  const disc = (cx: number, cy: number, r: number, color: Rgb) => {
    for (let y = cy - r; y <= cy + r; y++)
      for (let x = cx - r; x <= cx + r; x++)
        if ((x - cx) ** 2 + (y - cy) ** 2 <= r * r) set(x, y, color)
  }

  for (let y = 0; y < height; y++) {
    const color = mix(scene.skyTop, scene.skyBottom, y / height)
    for (let x = 0; x < width; x++) set(x, y, color)
  }
  disc(Math.round(scene.sunAt[0] * width), Math.round(scene.sunAt[1] * height), 26, scene.sun)

  const horizons: number[][] = []
  scene.hills.forEach((color, layer) => {
    const base = height * (0.5 + layer * 0.14)
    const amplitude = 18 - layer * 4
    const phase = rand() * Math.PI * 2
    const wave = 1.5 + rand() * 2
    const line: number[] = []
    for (let x = 0; x < width; x++) {
      const top = Math.round(base + Math.sin((x / width) * Math.PI * wave + phase) * amplitude)
      line.push(top)
      const shaded = mix(color, [0, 0, 0], 0.15)
      for (let y = top; y < height; y++) set(x, y, y - top < 3 ? shaded : color)
    }
    horizons.push(line)
  })

  const front = horizons[horizons.length - 1]
  for (let i = 0; i < scene.trees; i++) {
    const x = Math.round(rand() * (width - 40)) + 20
    const ground =
      horizons[Math.min(horizons.length - 1, Math.floor(rand() * horizons.length))][x] + 6
    rect(x - 2, ground - 22, x + 3, ground, [92, 64, 40])
    disc(x, ground - 30, 12 + Math.round(rand() * 6), mix([34, 102, 48], [0, 0, 0], rand() * 0.3))
  }
  if (scene.house) {
    const x = Math.round(width * 0.62)
    const ground = front[x] + 4
    rect(x, ground - 38, x + 60, ground, [236, 226, 206])
    for (let row = 0; row < 22; row++)
      rect(x - 6 + row, ground - 38 - row, x + 66 - row, ground - 37 - row, [170, 60, 48])
    rect(x + 24, ground - 20, x + 36, ground, [110, 76, 50])
    rect(x + 8, ground - 30, x + 18, ground - 22, [140, 190, 220])
  }
  if (scene.fence) {
    for (let x = 16; x < width; x += 38) {
      const ground = front[Math.min(width - 1, x)] + 20
      rect(x, ground - 16, x + 4, ground, [245, 245, 240])
      rect(x, ground - 16, x + 4, ground - 12, [200, 40, 40])
    }
  }
  return encodePng(width, height, pixels)
}

export const DEMO_SCENES: Record<string, Scene> = {
  morning: {
    skyTop: [120, 180, 235],
    skyBottom: [230, 240, 250],
    sun: [255, 214, 90],
    sunAt: [0.18, 0.22],
    hills: [
      [120, 170, 90],
      [86, 150, 70],
      [60, 128, 56],
    ],
    trees: 7,
    fence: true,
    seed: 11,
  },
  estate: {
    skyTop: [90, 160, 230],
    skyBottom: [210, 232, 250],
    sun: [255, 236, 140],
    sunAt: [0.82, 0.18],
    hills: [
      [140, 180, 110],
      [98, 160, 80],
    ],
    trees: 5,
    house: true,
    seed: 23,
  },
  dusk: {
    skyTop: [60, 70, 140],
    skyBottom: [250, 170, 110],
    sun: [255, 120, 60],
    sunAt: [0.5, 0.46],
    hills: [
      [90, 96, 70],
      [64, 78, 52],
      [44, 60, 40],
    ],
    trees: 6,
    seed: 37,
  },
  savannah: {
    skyTop: [140, 200, 240],
    skyBottom: [240, 236, 220],
    sun: [255, 240, 170],
    sunAt: [0.7, 0.15],
    hills: [
      [196, 176, 100],
      [176, 160, 84],
    ],
    trees: 4,
    fence: true,
    seed: 41,
  },
  farmland: {
    skyTop: [100, 170, 225],
    skyBottom: [220, 236, 246],
    sun: [255, 226, 110],
    sunAt: [0.3, 0.2],
    hills: [
      [110, 168, 74],
      [150, 190, 80],
      [84, 140, 60],
    ],
    trees: 9,
    seed: 53,
  },
  coast: {
    skyTop: [70, 150, 220],
    skyBottom: [200, 230, 245],
    sun: [255, 250, 200],
    sunAt: [0.86, 0.26],
    hills: [
      [70, 140, 190],
      [226, 210, 160],
    ],
    trees: 3,
    house: true,
    seed: 67,
  },
}
