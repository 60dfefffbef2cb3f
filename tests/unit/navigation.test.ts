import { describe, expect, test } from 'vitest'
import type { Permission, Principal, Role } from '~/contract/permissions'
import { PERMISSIONS } from '~/contract/permissions'
import {
  canSeeArrears,
  canSeeCollections,
  canSeeCommissions,
  canSeeCustomers,
  canSeePayouts,
  canSeeRealtors,
  canSeeTitles,
  canSeeUsers,
  dashboardCardsFor,
  NAV_ENTRIES,
  navEntriesFor,
} from '~/utils/menu-access.server'
import {
  isCurrentPath,
  menuHref,
  panelClosedHref,
  panelHref,
  panelItemHref,
  panelStateFrom,
  safeRedirectPath,
} from '~/utils/navigation'

const who = (role: Role, permissions: Permission[] = []): Principal => ({ role, permissions })
const labels = (user: Principal) => navEntriesFor(user).map((entry) => entry.label)
const cards = (user: Principal) => dashboardCardsFor(user).map((card) => card.label)

const EVERYONE = [
  'Dashboard',
  'Acquire Land',
  'Investment Options',
  'Land Subscriptions',
  'Investment Portfolio',
  'Settings',
]

describe('the sidebar', () => {
  test('lists every path and label in order', () => {
    expect(NAV_ENTRIES.map((entry) => [entry.path, entry.label])).toEqual([
      ['/', 'Dashboard'],
      ['/land-purchases', 'Acquire Land'],
      ['/land-investments', 'Investment Options'],
      ['/subscriptions', 'Land Subscriptions'],
      ['/investment-portfolio', 'Investment Portfolio'],
      ['/arrears', 'Arrears'],
      ['/titles', 'Titles'],
      ['/estates', 'Estates'],
      ['/payouts', 'Payouts'],
      ['/reconciliation', 'Reconciliation'],
      ['/collections', 'Collections'],
      ['/commissions', 'Commissions'],
      ['/customers', 'Customers'],
      ['/realtors', 'Realtors'],
      ['/users', 'Users'],
      ['/audit', 'Audit'],
      ['/settings', 'Settings'],
    ])
  })

  const everyoneRows = NAV_ENTRIES.filter((entry) => EVERYONE.includes(entry.label))
  test.each(everyoneRows.map((entry) => [entry.label, entry] as const))(
    '%s shows to everyone signed in',
    (_, entry) => {
      for (const role of ['super_admin', 'admin', 'realtor', 'customer'] as const) {
        expect(entry.visible(who(role))).toBe(true)
      }
    },
  )

  describe('Payouts: the super admin, or staff holding can_record_payout', () => {
    test.each([
      ['super_admin', [], true],
      ['admin', ['can_record_payout'], true],
      ['admin', PERMISSIONS.filter((p) => p !== 'can_record_payout'), false],
      ['customer', [], false],
      ['realtor', [], false],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      expect(canSeePayouts(who(role, [...permissions]))).toBe(expected)
      expect(labels(who(role, [...permissions])).includes('Payouts')).toBe(expected)
    })
  })

  describe('Collections: the super admin, or staff holding can_verify_transaction', () => {
    test.each([
      ['super_admin', [], true],
      ['admin', ['can_verify_transaction'], true],
      ['admin', PERMISSIONS.filter((p) => p !== 'can_verify_transaction'), false],
      ['customer', [], false],
      ['realtor', [], false],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      expect(canSeeCollections(who(role, [...permissions]))).toBe(expected)
      expect(labels(who(role, [...permissions])).includes('Collections')).toBe(expected)
    })
  })

  describe('Arrears: can_modify_subscription or can_record_transaction', () => {
    test.each([
      ['super_admin', [], true],
      ['realtor', [], false],
      ['customer', [], false],
      ['admin', [], false],
      ['admin', ['can_modify_subscription'], true],
      ['admin', ['can_record_transaction'], true],
      [
        'admin',
        PERMISSIONS.filter(
          (p) => p !== 'can_modify_subscription' && p !== 'can_record_transaction',
        ),
        false,
      ],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      expect(canSeeArrears(who(role, [...permissions]))).toBe(expected)
    })
  })

  describe('Customers: role super_admin or realtor, or can_view_customer or can_modify_customer', () => {
    test.each([
      ['super_admin', [], true],
      ['realtor', [], true],
      ['customer', [], false],
      ['admin', [], false],
      ['admin', ['can_view_customer'], true],
      ['admin', ['can_modify_customer'], true],
      ['admin', ['can_view_realtor', 'can_modify_realtor', 'can_modify_user'], false],
      [
        'admin',
        PERMISSIONS.filter((p) => p !== 'can_view_customer' && p !== 'can_modify_customer'),
        false,
      ],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      const user = who(role, [...permissions])
      expect(canSeeCustomers(user)).toBe(expected)
      expect(labels(user).includes('Customers')).toBe(expected)
    })
  })

  describe('Realtors: can_view_realtor or can_modify_realtor', () => {
    test.each([
      ['super_admin', [], true],
      ['realtor', [], false],
      ['customer', [], false],
      ['admin', [], false],
      ['admin', ['can_view_realtor'], true],
      ['admin', ['can_modify_realtor'], true],
      ['admin', ['can_view_customer', 'can_modify_customer', 'can_modify_user'], false],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      const user = who(role, [...permissions])
      expect(canSeeRealtors(user)).toBe(expected)
      expect(labels(user).includes('Realtors')).toBe(expected)
    })
  })

  describe('Users: can_modify_user', () => {
    test.each([
      ['super_admin', [], true],
      ['realtor', [], false],
      ['customer', [], false],
      ['admin', [], false],
      ['admin', ['can_modify_user'], true],
      ['admin', PERMISSIONS.filter((p) => p !== 'can_modify_user'), false],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      const user = who(role, [...permissions])
      expect(canSeeUsers(user)).toBe(expected)
      expect(labels(user).includes('Users')).toBe(expected)
    })
  })

  describe('Titles: can_manage_titles', () => {
    test.each([
      ['super_admin', [], true],
      ['realtor', [], false],
      ['customer', [], false],
      ['admin', [], false],
      ['admin', ['can_manage_titles'], true],
      ['admin', PERMISSIONS.filter((p) => p !== 'can_manage_titles'), false],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      const user = who(role, [...permissions])
      expect(canSeeTitles(user)).toBe(expected)
      expect(labels(user).includes('Titles')).toBe(expected)
    })
  })

  describe('Commissions: realtors (their own), or can_pay_commissions', () => {
    test.each([
      ['super_admin', [], true],
      ['realtor', [], true],
      ['customer', [], false],
      ['admin', [], false],
      ['admin', ['can_pay_commissions'], true],
      ['admin', PERMISSIONS.filter((p) => p !== 'can_pay_commissions'), false],
    ] as const)('%s with %j → %s', (role, permissions, expected) => {
      const user = who(role, [...permissions])
      expect(canSeeCommissions(user)).toBe(expected)
      expect(labels(user).includes('Commissions')).toBe(expected)
    })
  })

  test('whole menus per kind of user', () => {
    expect(labels(who('super_admin'))).toEqual(NAV_ENTRIES.map((entry) => entry.label))
    expect(labels(who('customer'))).toEqual(EVERYONE)
    expect(labels(who('realtor'))).toEqual([
      ...EVERYONE.slice(0, 5),
      'Commissions',
      'Customers',
      'Settings',
    ])
    expect(labels(who('admin'))).toEqual(EVERYONE)
    expect(labels(who('admin', ['can_view_customer', 'can_modify_user']))).toEqual([
      ...EVERYONE.slice(0, 5),
      'Customers',
      'Users',
      'Settings',
    ])
    expect(labels(who('admin', [...PERMISSIONS]))).toEqual(NAV_ENTRIES.map((entry) => entry.label))
  })
})

describe('the dashboard cards', () => {
  test('link to their lists', () => {
    expect(
      dashboardCardsFor(who('super_admin')).map((card) => [card.label, card.key, card.path]),
    ).toEqual([
      ['Products', 'total_products', '/land-purchases'],
      ['Customers', 'total_customers', '/customers'],
      ['Subscriptions', 'total_subscriptions', '/subscriptions'],
      ['Realtors', 'total_realtors', '/realtors'],
    ])
  })

  test.each([
    ['super_admin', [], ['Products', 'Customers', 'Subscriptions', 'Realtors']],
    ['realtor', [], ['Products', 'Customers', 'Subscriptions']],
    ['customer', [], ['Products', 'Subscriptions']],
    ['admin', [], ['Products', 'Subscriptions']],
    ['admin', ['can_view_customer'], ['Products', 'Customers', 'Subscriptions']],
    ['admin', ['can_modify_customer'], ['Products', 'Customers', 'Subscriptions']],
    ['admin', ['can_view_realtor'], ['Products', 'Subscriptions', 'Realtors']],
    ['admin', ['can_modify_realtor'], ['Products', 'Subscriptions', 'Realtors']],
    [
      'admin',
      ['can_modify_user', 'can_modify_product', 'can_modify_setting'],
      ['Products', 'Subscriptions'],
    ],
  ] as const)('%s with %j sees %j', (role, permissions, expected) => {
    expect(cards(who(role, [...permissions]))).toEqual(expected)
  })
})

describe('current page', () => {
  test('the dashboard only on /, the others on their own page and nested panels', () => {
    expect(isCurrentPath('/', '/')).toBe(true)
    expect(isCurrentPath('/customers', '/')).toBe(false)
    expect(isCurrentPath('/customers', '/customers')).toBe(true)
    expect(isCurrentPath('/customers/new', '/customers')).toBe(true)
    expect(isCurrentPath('/customers-old', '/customers')).toBe(false)
    expect(isCurrentPath('/land-investments', '/land-purchases')).toBe(false)
  })
})

describe('shell addresses', () => {
  const list = { pathname: '/land-purchases', search: '?page=2&search=lekki' }

  test('the panel opens, pages, shows one and closes, keeping the list page its own params', () => {
    const open = panelHref(list)
    expect(open).toBe('/land-purchases?page=2&search=lekki&notifications=1')
    const paged = panelHref({ pathname: '/land-purchases', search: open.split('?')[1] }, 3)
    expect(paged).toBe('/land-purchases?page=2&search=lekki&notifications=1&notifications_page=3')
    const item = panelItemHref({ pathname: '/land-purchases', search: paged.split('?')[1] }, 'abc')
    expect(item).toBe(
      '/land-purchases?page=2&search=lekki&notifications=1&notifications_page=3&notification=abc',
    )
    const back = panelHref({ pathname: '/land-purchases', search: item.split('?')[1] })
    expect(back).toBe(paged)
    expect(panelClosedHref({ pathname: '/land-purchases', search: item.split('?')[1] })).toBe(
      '/land-purchases?page=2&search=lekki',
    )
    expect(panelClosedHref({ pathname: '/', search: '?notifications=1' })).toBe('/')
  })

  test('the panel state read from the params', () => {
    expect(panelStateFrom(new URLSearchParams(''))).toEqual({ open: false, page: 1, item: null })
    expect(
      panelStateFrom(new URLSearchParams('notifications=1&notifications_page=2&notification=u')),
    ).toEqual({
      open: true,
      page: 2,
      item: 'u',
    })
    expect(panelStateFrom(new URLSearchParams('notifications=1&notifications_page=-4')).page).toBe(
      1,
    )
    expect(panelStateFrom(new URLSearchParams('notifications=1&notifications_page=x')).page).toBe(1)
  })

  test('the mobile menu opens and closes through ?menu=open', () => {
    expect(menuHref(list, true)).toBe('/land-purchases?page=2&search=lekki&menu=open')
    expect(menuHref({ pathname: '/', search: '?menu=open' }, false)).toBe('/')
  })

  test('redirects after a form post stay on this site', () => {
    expect(safeRedirectPath('/customers?page=2')).toBe('/customers?page=2')
    expect(safeRedirectPath('//evil.example.com')).toBe('/')
    expect(safeRedirectPath('/\\evil.example.com')).toBe('/')
    expect(safeRedirectPath('https://evil.example.com')).toBe('/')
    expect(safeRedirectPath(null)).toBe('/')
  })

  // What a browser does with each Location: tabs and newlines are dropped and a backslash is a
  // slash, so any of those could turn a path into another host.
  test.each([
    ['/customers?page=2', '/customers?page=2'],
    ['/land-purchases?search=a b&page=2', '/land-purchases?search=a%20b&page=2'],
    ['/subscriptions#top', '/subscriptions'],
    ['/%09/evil.example.com', '/%09/evil.example.com'],
    ['/%2F/evil.example.com', '/%2F/evil.example.com'],
    ['/\t/evil.example.com', '/'],
    ['/\t\t/evil.example.com', '/'],
    ['/\n/evil.example.com', '/'],
    ['/\r\nSet-Cookie: a=b', '/'],
    ['/\u0000', '/'],
    ['/\u007f', '/'],
    ['//evil.example.com', '/'],
    ['///evil.example.com', '/'],
    ['/\\evil.example.com', '/'],
    ['\\/evil.example.com', '/'],
    ['/.//evil.example.com', '/'],
    ['/a/..//evil.example.com', '/'],
    ['https://evil.example.com', '/'],
    ['javascript:alert(1)', '/'],
    [' /customers', '/'],
    ['customers', '/'],
    ['', '/'],
    ['/café?q=₦', '/caf%C3%A9?q=%E2%82%A6'],
    ['/\u2028/evil.example.com', '/%E2%80%A8/evil.example.com'],
    ['/\ud800', '/%EF%BF%BD'],
  ])('%j → %j', (value, expected) => {
    expect(safeRedirectPath(value)).toBe(expected)
    // Every answer is a plain ASCII path that a Location header can carry.
    expect(expected).toMatch(/^\/(?!\/)[\x21-\x7e]*$/)
  })

  test("a fallback of the caller's choosing", () => {
    expect(safeRedirectPath('//evil.example.com', '/settings')).toBe('/settings')
    expect(safeRedirectPath(undefined, '/settings')).toBe('/settings')
  })
})
