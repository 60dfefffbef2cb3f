import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { ProductList, shouldRevalidateList } from '~/features/products/product-list'
import { loadProductList } from '~/features/products/product-list.server'

export async function loader({ request }: LoaderFunctionArgs) {
  return loadProductList(request, 'land')
}

export const shouldRevalidate = shouldRevalidateList

export default function LandPurchasesRoute() {
  return <ProductList data={useLoaderData<typeof loader>()} />
}

export const meta: MetaFunction = () => [{ title: 'Land | Land Banking' }]
