import {
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from '@remix-run/node'
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { LoadingBar } from '~/components/ui/loading-bar'
import { Toaster } from '~/components/ui/toaster'
import { InlineStylesheet } from '~/utils/inline-stylesheet'
import { TIME_ZONE_COOKIE } from '~/utils/time-zone'
import { timeZoneFrom } from '~/utils/time-zone.server'
import { useNonce } from '~/utils/nonce'
import { getToast } from '~/utils/toast.server'

export const links: LinksFunction = () => [{ rel: 'icon', href: '/favicon.ico', sizes: '32x32' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { toast, headers } = await getToast(request)
  const timeZone = timeZoneFrom(request)
  return data({ toast, timeZone }, { headers })
}

export const meta: MetaFunction = () => [
  { title: 'Land Banking' },
  { name: 'description', content: 'Buy land and invest in land, in full or by instalments.' },
]

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce()
  const data = useRouteLoaderData<typeof loader>('root')
  return (
    <html lang="en" className="no-js h-full" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <InlineStylesheet nonce={nonce} />
        <Links />
        <script
          nonce={nonce}
          // Marks JavaScript as on (panels then animate), and keeps the browser's time zone in a cookie
          // once the page has loaded: the first call to Intl takes 20 ms on a desktop (loading its time
          // zone data), which before the first paint would hold the page that long, four times that on a phone.
          dangerouslySetInnerHTML={{
            __html: `document.documentElement.classList.remove('no-js');addEventListener('load',function(){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;if(z&&document.cookie.indexOf('${TIME_ZONE_COOKIE}='+encodeURIComponent(z))<0){document.cookie='${TIME_ZONE_COOKIE}='+encodeURIComponent(z)+';path=/;max-age=31536000;samesite=lax'}}catch(e){}})`,
          }}
        />
      </head>
      <body className="h-full">
        <LoadingBar />
        {children}
        <Toaster toast={data?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
