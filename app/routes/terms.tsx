import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import type { ReactNode } from 'react'
import { GeneralErrorBoundary } from '~/components/error-boundary'
import { getAuth } from '~/utils/session.server'

// Readable signed in or out: the breakdown's checkbox links here (in a new tab) before anyone pays.
export async function loader({ request }: LoaderFunctionArgs) {
  return { signedIn: Boolean(await getAuth(request)) }
}

const LAST_UPDATED = '1 March 2026'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-2">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

export default function TermsRoute() {
  const { signedIn } = useLoaderData<typeof loader>()
  return (
    <div className="min-h-full px-4 py-8 sm:py-12">
      <header className="mx-auto mb-6 flex max-w-3xl flex-wrap items-center justify-between gap-3">
        <Link to="/" className="flex items-center gap-2 text-brand-800">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-700 text-sm font-black text-white"
            aria-hidden="true"
          >
            LBC
          </span>
          <span className="text-xl font-bold">Land Banking</span>
          <span className="sr-only">home</span>
        </Link>
        <Link to={signedIn ? '/' : '/login'} className="link text-sm">
          {signedIn ? 'Back to your dashboard' : 'Sign in'}
        </Link>
      </header>
      <main className="mx-auto flex max-w-3xl flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6 text-sm leading-relaxed text-slate-700 shadow-sm sm:p-8">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Terms and conditions</h1>
          <p className="mt-1 text-xs text-slate-500">Last updated {LAST_UPDATED}</p>
        </div>
        <p>
          These terms govern every purchase of land and every land investment made through the Land
          Banking platform (&ldquo;we&rdquo;, &ldquo;us&rdquo;), whether you subscribe yourself or a
          member of our staff or a realtor subscribes for you. By ticking &lsquo;I accept the
          agreement above and the terms and conditions&rsquo; you agree to them, together with the
          agreement shown on the breakdown you accepted.
        </p>

        <Section id="terms-eligibility" title="1. Who may subscribe">
          <p>
            You must be at least 18 years old, able to enter a binding contract, and give us true
            and complete details about yourself. We may ask for a valid means of identification
            (such as your National Identification Number, international passport or driver&rsquo;s
            licence) and proof of address before we allocate land or pay returns, as Nigerian
            anti-money-laundering rules require.
          </p>
        </Section>

        <Section id="terms-subscriptions" title="2. Subscriptions">
          <p>
            A subscription is created when you proceed from a breakdown. It records the product, the
            price or amount, and the payment option you chose. No payment is taken at that moment:
            the subscription waits for your payment, and a product sold by units is reserved for you
            while it does. A plot, acre or investment is yours only under these terms and once the
            payments due under your subscription are confirmed.
          </p>
        </Section>

        <Section id="terms-payments" title="3. Payments">
          <ul className="list-disc space-y-1 pl-5">
            <li>
              Pay only by bank transfer to the company account shown in the app when you make a
              payment, then upload the proof of payment. We never ask you to pay into a personal
              account.
            </li>
            <li>
              A payment counts once our staff have confirmed it against our bank statement; a
              receipt is then available in the app. A proof we cannot match is marked not confirmed
              and you may submit it again.
            </li>
            <li>
              Prices and amounts are in naira. The discount shown on a product applies to payment in
              full only.
            </li>
            <li>
              Under a payment plan you pay the initial deposit first, then each instalment on or
              before its date. We remind you before each due date.
            </li>
          </ul>
        </Section>

        <Section id="terms-land" title="4. Land purchases">
          <p>
            The size, location and type of each plot or acre are as described on the product. Once
            the full price is confirmed we issue your allocation letter, and the title documents
            available for the estate (such as a survey plan, deed of assignment or Certificate of
            Occupancy) follow as the estate&rsquo;s title allows, subject to the Land Use Act and
            the consent of the relevant State Governor where it is required. Statutory fees for
            registering documents in your name are yours to pay unless the product says otherwise.
          </p>
          <p id="terms-late-payment">
            Each payment plan states its rules for late payment, and the breakdown shows them with
            your own amounts and dates before you proceed. An instalment not received within the
            plan&rsquo;s grace days after its due date carries a late fee of the plan&rsquo;s
            percentage of that instalment, charged once per instalment; payments go to the oldest
            amount due first, fees included. If an instalment is still unpaid the plan&rsquo;s
            default days after its due date, the plan&rsquo;s default action applies: either the
            unpaid balance is repriced at the product&rsquo;s current price (the balance times
            today&rsquo;s price over the price when you subscribed), or the subscription is
            cancelled, its plots or acres return to stock, and what you paid is refunded within 60
            days less an administrative charge of no more than 10% of the amount paid. We remind you
            before each due date, on it, and 1, 7 and 30 days after it if it is unpaid.
          </p>
        </Section>

        <Section id="terms-investments" title="5. Land investments">
          <p>
            An investment earns the return on investment shown on the product, paid on the dates of
            your ROI breakdown: a recurring investment pays its return every period until it
            matures, with your capital returned with the last payment; a one-time investment pays
            your capital and its return together after the period shown. The minimum amount is the
            least that may be invested. Land values can fall as well as rise, and past returns do
            not promise future ones; read each product&rsquo;s description before you invest.
          </p>
        </Section>

        <Section id="terms-cancellation" title="6. Cancelling">
          <p>
            You may cancel a subscription before any payment is confirmed, at no cost, by contacting
            us. After a payment is confirmed, a request to withdraw is handled under the
            product&rsquo;s own terms or, where it has none, refunded within 60 days less an
            administrative charge of no more than 10% of the amount paid.
          </p>
        </Section>

        <Section id="terms-changes" title="7. Changes to these terms">
          <p>
            No payment is made when you accept a breakdown. Any change to the terms of your
            subscription (its price, schedule or returns) must be approved in writing by both you
            and us. We may update these general terms for future subscriptions and will show the
            date of the latest version on this page.
          </p>
        </Section>

        <Section id="terms-privacy" title="8. Your data">
          <p>
            We use your personal data to run your account and subscriptions, to meet our legal
            obligations and to contact you about them, in line with the Nigeria Data Protection Act
            2023. We do not sell your data.
          </p>
        </Section>

        <Section id="terms-law" title="9. Law and disputes">
          <p>
            These terms are governed by the laws of the Federal Republic of Nigeria. We will first
            try to settle any dispute with you amicably; one not settled within 30 days may be
            referred to mediation and then to arbitration in Lagos under the Arbitration and
            Mediation Act 2023, without prejudice to your rights as a consumer under the Federal
            Competition and Consumer Protection Act 2018.
          </p>
        </Section>
      </main>
    </div>
  )
}

export const meta: MetaFunction = () => [{ title: 'Terms and conditions | Land Banking' }]

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
