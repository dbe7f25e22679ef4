// The dashboard's area navigation: every page whose handle names a nav entry (NAV_ITEMS, read from
// the route handles at build time), less the areas the signed-in person's roles may not open.
// Hiding an entry is only a courtesy; each route's area guard is what refuses.
import { NavLink } from '@remix-run/react';
import { useSession } from '~/auth/session';
import { canOpenArea } from '~/domain/areas';
import { formatBadgeCount } from '~/domain/messages';
import { useUnreadMessages } from '~/features/messages';
import { useSettings } from '~/settings/store';
import { AREA_ICONS, Icon, NAV_ICON } from '~/ui/icons';
import { NAV_ITEMS } from '~/ui/navigation';

export function DashboardNavigation({ id, onNavigate }: { id: string; onNavigate: () => void }) {
  const skin = useSettings((s) => s.skin);
  const { user } = useSession();
  const unread = useUnreadMessages(user);
  const items = NAV_ITEMS.filter((item) =>
    user && item.area ? canOpenArea(user.roles, item.area) : true,
  );
  return (
    // tabIndex -1: "Skip to navigation" moves focus here; the next Tab is the first area. The ring
    // is drawn inside, as the scrolling sidebar clips anything outside it.
    <nav
      id={id}
      aria-label="Dashboard"
      tabIndex={-1}
      className="p-3 focus-visible:-outline-offset-4"
    >
      <ul className="flex flex-col gap-0.5">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              onClick={onNavigate}
              // The badge is only a picture of the count: the name says it in words.
              aria-label={
                item.area === 'messages' && unread > 0
                  ? `${item.label}, ${unread} unread`
                  : undefined
              }
              className={({ isActive }) =>
                `${isActive ? skin.navItemActive : skin.navItem} ${skin.rounded}`
              }
            >
              <Icon icon={item.area ? AREA_ICONS[item.area] : NAV_ICON} className="size-5" />
              {item.label}
              {item.area === 'messages' && unread > 0 ? (
                <span
                  aria-hidden="true"
                  className={`ml-auto min-w-7 rounded-full px-1.5 text-center text-sm font-bold ${skin.badgeTone.info}`}
                >
                  {formatBadgeCount(unread)}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
