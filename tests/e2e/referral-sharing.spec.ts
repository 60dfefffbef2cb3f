import { expect, test } from '@playwright/test'
import { landWithPlan, markByApi, payByApi, subscribe } from './payments-support'
import { ADMIN, apiLogin, createVerifiedUser, expectTapTarget, signIn } from './support'

/**
 * A realtor shares its links by QR code and WhatsApp, and sees the team it built: a realtor it
 * invited, under level 2 with what that level earned it, on a phone and on a desktop, with and
 * without JavaScript.
 */

for (const width of [390, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    test('the links carry a QR code and a WhatsApp share; the team lists the invited realtor with its level earnings', async ({
      page,
      request,
    }) => {
      const admin = await apiLogin(request, ADMIN.email, ADMIN.password)
      const upline = await createVerifiedUser(request, 'realtor')
      const invited = await createVerifiedUser(request, 'realtor', {
        referral: upline.user.reference,
        first_name: 'Bisi',
        last_name: 'Downline',
      })
      // A customer of the invited realtor pays ₦250,000: the upline earns level 2, 3 % less
      // 5 % withholding tax = ₦7,125.00.
      const land = await landWithPlan(request, admin)
      const customer = await createVerifiedUser(request, 'customer', {
        referral: invited.user.reference,
      })
      const reference = await subscribe(request, customer.token, {
        type: 'land',
        product_id: land.reference,
        payment_mode: 'installment',
        payment_id: land.planUuid,
      })
      await markByApi(
        request,
        admin,
        await payByApi(request, customer.token, reference, 250_000),
        'paid',
      )

      await signIn(page, upline.email, upline.password)

      // The customer referral link, on the customers page.
      await page.goto('/customers')
      const customerLink = `/register?ref=${upline.user.reference}`
      const referralQr = page.getByRole('img', { name: 'QR code of your referral link' })
      await expect(referralQr).toBeVisible()
      expect((await referralQr.boundingBox())?.width ?? 0).toBeGreaterThanOrEqual(160)
      const shareReferral = page.getByRole('link', { name: 'Share on WhatsApp' })
      await expect(shareReferral).toHaveAttribute('target', '_blank')
      await expect(shareReferral).toHaveAttribute('rel', 'noopener noreferrer')
      const referralHref = (await shareReferral.getAttribute('href')) ?? ''
      expect(referralHref.startsWith('https://wa.me/?text=')).toBe(true)
      expect(referralHref).toContain(encodeURIComponent(customerLink))
      await expectTapTarget(shareReferral)

      // The realtor invite link and the team, on the commissions page.
      await page.goto('/commissions')
      await expect(
        page.getByRole('img', { name: 'QR code of your realtor invite link' }),
      ).toBeVisible()
      const shareInvite = page.getByRole('link', { name: 'Share on WhatsApp' })
      const inviteHref = (await shareInvite.getAttribute('href')) ?? ''
      expect(inviteHref).toContain(
        encodeURIComponent(`/realtor/register?ref=${upline.user.reference}`),
      )
      await expectTapTarget(shareInvite)

      const team = page.getByRole('region', { name: 'Your team' })
      await expect(
        team.getByRole('heading', { name: 'Level 2 · Realtors you invited: ₦7,125.00' }),
      ).toBeVisible()
      await expect(
        team.getByRole('heading', { name: 'Level 1 · Your customers: ₦0.00' }),
      ).toBeVisible()
      const invitedList = team.getByRole('list', { name: 'Realtors you invited' })
      const member = invitedList.getByRole('listitem').filter({ hasText: 'Bisi Downline' })
      await expect(member).toContainText('Level 2')
      await expect(member).toContainText('1 customer')
      await expect(member).toContainText('Joined ')
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      )
    })
  })
}
