/** A QR code as the parts of an SVG: its square viewBox, the light background and the dark modules. */
export type QrDrawing = { viewBox: string; background: string; modules: string }

/** A realtor's link with its QR code and the WhatsApp address that shares it. */
export type Shareable = { url: string; qr: QrDrawing; whatsappUrl: string }

/**
 * A link's QR code (drawn on the server, large enough to scan from a phone's screen) and a
 * "Share on WhatsApp" link that opens WhatsApp with the message typed: neither needs JavaScript.
 */
export function ReferralShare({ share, qrLabel }: { share: Shareable; qrLabel: string }) {
  return (
    <div className="mt-3 flex flex-col items-start gap-3 sm:flex-row sm:items-center">
      <svg
        role="img"
        aria-label={qrLabel}
        viewBox={share.qr.viewBox}
        shapeRendering="crispEdges"
        className="h-48 w-48 shrink-0 rounded-md border border-slate-200 bg-white"
      >
        <title>{qrLabel}</title>
        <path fill="#ffffff" d={share.qr.background} />
        <path stroke="#000000" d={share.qr.modules} />
      </svg>
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-slate-500">
          Show the code to scan with a phone&apos;s camera, or send the link.
        </p>
        <a
          href={share.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="btn-secondary"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-emerald-600">
            <path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.2-.4.3-.4.8-1.3.1-.2 0-.3 0-.4l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.9 11.9 0 0 0 4.6 4c1.7.7 2.4.8 3.2.7.5-.1 1.5-.6 1.8-1.2.2-.6.2-1.1.1-1.2l-.2-.1Z" />
          </svg>
          Share on WhatsApp
        </a>
      </div>
    </div>
  )
}
