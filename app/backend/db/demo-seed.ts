import crypto from 'node:crypto'
import { PRODUCT_IMAGE_FOLDER } from '~/contract/products'
import { detectImageType } from '../files/content'
import { nairaToKobo } from '../money'
import { newReference } from '../references'
import type { Database } from './client'
import { DEMO_SCENES, landscapePng } from './demo-images'
import { files, paymentPlans, productImages, products } from './schema'

type Plan = { amount: number; duration: number; durationType: 'months' | 'weeks' }

type DemoLand = {
  name: string
  description: string
  location: string
  amount: number
  deposit?: number
  landType: 'plot' | 'acre'
  size: number
  measurement: string
  units?: number
  discount?: number
  available?: boolean
  images: Array<keyof typeof DEMO_SCENES>
  plans?: Plan[]
}

type DemoInvestment = {
  name: string
  description: string
  location?: string
  minimum: number
  investmentReturn: number
  kind: 'recurring' | 'one_time'
  interval: 'months' | 'years'
  frequency: number
  duration?: number
  available?: boolean
  images?: Array<keyof typeof DEMO_SCENES>
}

const LAND: DemoLand[] = [
  {
    name: 'Lekki Pearl Gardens, Ibeju-Lekki',
    description:
      'Lekki Pearl Gardens: dry, fenced plots with a gatehouse, 10 minutes from the Lekki Free Trade Zone. C of O in view.',
    location: 'Lekki-Epe Expressway, Ibeju-Lekki, Lagos',
    amount: 12_500_000,
    deposit: 2_500_000,
    landType: 'plot',
    size: 600,
    measurement: 'sqm',
    units: 8,
    images: ['estate', 'morning'],
    plans: [
      { amount: 13_100_000, duration: 6, durationType: 'months' },
      { amount: 13_900_000, duration: 12, durationType: 'months' },
    ],
  },
  {
    name: 'Sunview Estate, Epe',
    description:
      'Sunview Estate: serviced residential plots with good road access, close to Epe township.',
    location: 'Itoikin Road, Epe, Lagos',
    amount: 4_800_000,
    landType: 'plot',
    size: 500,
    measurement: 'sqm',
    discount: 10,
    images: ['morning'],
    plans: [{ amount: 5_100_000, duration: 6, durationType: 'months' }],
  },
  {
    name: 'Mowe Green Acres, Ogun',
    description:
      'Mowe Green Acres: farmland and mixed-use acres off the Lagos-Ibadan Expressway, surveyed and ready for allocation.',
    location: 'Mowe, Obafemi Owode, Ogun State',
    amount: 9_000_000,
    deposit: 1_500_000,
    landType: 'acre',
    size: 1,
    measurement: 'acre',
    units: 5,
    images: ['farmland', 'savannah'],
    plans: [
      { amount: 9_600_000, duration: 12, durationType: 'months' },
      { amount: 10_200_000, duration: 24, durationType: 'months' },
    ],
  },
  {
    name: 'Guzape Hills Residential, Abuja',
    description:
      'Guzape Hills Residential: hillside plots with tarred roads and underground drainage in a prime Abuja district.',
    location: 'Guzape District, Abuja, FCT',
    amount: 45_000_000,
    deposit: 10_000_000,
    landType: 'plot',
    size: 800,
    measurement: 'sqm',
    images: ['estate', 'dusk'],
    plans: [{ amount: 48_000_000, duration: 12, durationType: 'months' }],
  },
  {
    name: 'Kuje Farmland, Abuja',
    description:
      'Kuje Farmland: two-acre parcels of fertile farmland along the Kuje-Gwagwalada road.',
    location: 'Kuje, Abuja, FCT',
    amount: 6_500_000,
    landType: 'acre',
    size: 2,
    measurement: 'acres',
    images: ['savannah'],
  },
  {
    name: 'Abeokuta Gateway Plots, Kobape',
    description:
      'Abeokuta Gateway Plots: affordable plots by the new Kobape interchange. Sold out.',
    location: 'Kobape Road, Abeokuta, Ogun State',
    amount: 2_200_000,
    landType: 'plot',
    size: 450,
    measurement: 'sqm',
    units: 0,
    available: false,
    images: ['dusk'],
  },
  {
    name: 'Ibeju-Lekki Coastal Acres, Akodo',
    description:
      'Ibeju-Lekki Coastal Acres: beachfront acres for resort or private development, minutes from the Dangote Refinery.',
    location: 'Akodo, Ibeju-Lekki, Lagos',
    amount: 18_000_000,
    deposit: 4_000_000,
    landType: 'acre',
    size: 1,
    measurement: 'acre',
    discount: 5,
    images: ['coast', 'morning'],
    plans: [
      { amount: 19_000_000, duration: 6, durationType: 'months' },
      { amount: 20_500_000, duration: 18, durationType: 'months' },
    ],
  },
  {
    name: 'Lugbe Court, Abuja',
    description:
      'Lugbe Court: compact residential plots behind the airport road, with electricity on site.',
    location: 'Lugbe, Airport Road, Abuja, FCT',
    amount: 7_200_000,
    landType: 'plot',
    size: 300,
    measurement: 'sqm',
    units: 12,
    images: ['estate'],
    plans: [{ amount: 7_800_000, duration: 24, durationType: 'weeks' }],
  },
]

const INVESTMENTS: DemoInvestment[] = [
  {
    name: 'Epe Farmland Quarterly Income',
    description:
      'Epe Farmland Quarterly Income: returns from leased farmland in Epe, paid every 3 months for 2 years.',
    location: 'Epe, Lagos',
    minimum: 500_000,
    investmentReturn: 8,
    kind: 'recurring',
    interval: 'months',
    frequency: 3,
    duration: 24,
    images: ['farmland'],
  },
  {
    name: 'Guzape Estate Development Note, Abuja',
    description:
      'Abuja Estate Development Note: fund the first phase of a Guzape estate and take your return at completion.',
    location: 'Guzape District, Abuja, FCT',
    minimum: 1_000_000,
    investmentReturn: 25,
    kind: 'one_time',
    interval: 'months',
    frequency: 12,
    images: ['estate'],
  },
  {
    name: 'Ogun Agro-Land Monthly Income, Ifo',
    description:
      'Ogun Agro-Land Monthly: a monthly income from cassava and maize farmland in Ogun State, for one year.',
    location: 'Ifo, Ogun State',
    minimum: 250_000,
    investmentReturn: 2,
    kind: 'recurring',
    interval: 'months',
    frequency: 1,
    duration: 12,
  },
  {
    name: 'Lekki Coastal Land Bank',
    description:
      'Lekki Land Bank: buy into coastal land held for appreciation, with one payout after 18 months. Fully subscribed.',
    location: 'Lekki, Lagos',
    minimum: 2_000_000,
    investmentReturn: 35,
    kind: 'one_time',
    interval: 'months',
    frequency: 18,
    available: false,
  },
]

/** The demo catalogue a newcomer sees at first start (unless SEED_DEMO=false). */
export async function seedDemoCatalogue(db: Database, adminId: number) {
  const images = new Map<string, number>()
  const now = Date.now()
  let order = 0
  // The first product of each list is the newest.
  const createdAt = () => new Date(now - ++order * 3_600_000)

  await db.transaction(async (tx) => {
    const imageId = async (scene: keyof typeof DEMO_SCENES) => {
      const known = images.get(scene)
      if (known) return known
      const content = landscapePng(DEMO_SCENES[scene])
      const type = detectImageType(content)!
      const [file] = await tx
        .insert(files)
        .values({
          name: `${crypto.randomBytes(16).toString('hex')}.${type.extension}`,
          folder: PRODUCT_IMAGE_FOLDER,
          contentType: type.contentType,
          size: content.length,
          content,
          ownerId: adminId,
        })
        .returning({ id: files.id })
      images.set(scene, file.id)
      return file.id
    }

    const insert = async (
      values: typeof products.$inferInsert,
      scenes: Array<keyof typeof DEMO_SCENES>,
    ) => {
      const [product] = await tx.insert(products).values(values).returning({ id: products.id })
      const ids: number[] = []
      for (const scene of scenes) ids.push(await imageId(scene))
      if (ids.length) {
        await tx
          .insert(productImages)
          .values(ids.map((fileId, position) => ({ productId: product.id, fileId, position })))
      }
      return product.id
    }

    for (const land of LAND) {
      const at = createdAt()
      const productId = await insert(
        {
          reference: newReference('PRD'),
          name: land.name,
          type: 'land',
          description: land.description,
          location: land.location,
          amount: nairaToKobo(land.amount),
          initialDepositAmount: land.deposit ? nairaToKobo(land.deposit) : null,
          landType: land.landType,
          size: land.size,
          sizeInMeasurement: land.measurement,
          availableByQuantity: land.units !== undefined,
          unitAvailable: land.units ?? null,
          isAvailable: land.available ?? true,
          discountPercentage: land.discount ?? null,
          createdById: adminId,
          createdAt: at,
          updatedAt: at,
        },
        land.images,
      )
      if (land.plans?.length) {
        await tx.insert(paymentPlans).values(
          land.plans.map((plan, index) => ({
            productId,
            amount: nairaToKobo(plan.amount),
            duration: plan.duration,
            durationType: plan.durationType,
            createdAt: new Date(at.getTime() + index * 1000),
          })),
        )
      }
    }

    order = 0
    for (const investment of INVESTMENTS) {
      const at = createdAt()
      await insert(
        {
          reference: newReference('PRD'),
          name: investment.name,
          type: 'land_investment',
          description: investment.description,
          location: investment.location ?? null,
          amount: nairaToKobo(investment.minimum),
          investmentReturn: investment.investmentReturn,
          landInvestmentType: investment.kind,
          interval: investment.interval,
          frequencyPeriod: investment.frequency,
          duration: investment.kind === 'recurring' ? (investment.duration ?? null) : null,
          isAvailable: investment.available ?? true,
          createdById: adminId,
          createdAt: at,
          updatedAt: at,
        },
        investment.images ?? [],
      )
    }
  })
}
