// The server renders the panel from here; in the browser a .server module is empty (see notifications-panel-slot.tsx).
export { NotificationsPanel } from './notifications-panel'
