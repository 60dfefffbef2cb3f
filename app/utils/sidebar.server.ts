const SIDEBAR_COOKIE = 'sidebar'

/** Whether the signed-in user chose the short sidebar (LBC); kept in a plain cookie, nothing secret. */
export function sidebarCollapsedFrom(request: Request) {
  const cookie = request.headers.get('cookie') ?? ''
  return new RegExp(`(?:^|;\\s*)${SIDEBAR_COOKIE}=collapsed(?:;|$)`).test(cookie)
}

export function sidebarCookie(collapsed: boolean, secure: boolean) {
  const value = collapsed ? 'collapsed' : 'expanded'
  return `${SIDEBAR_COOKIE}=${value}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
}
