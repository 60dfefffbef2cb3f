export function StatusBadge({ suspended }: { suspended: boolean }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ${suspended ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800'}`}
    >
      {suspended ? 'Suspended' : 'Active'}
    </span>
  )
}
