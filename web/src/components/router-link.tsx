import Link, { type LinkProps } from '@cloudscape-design/components/link';
import { useNavigate } from 'react-router-dom';

/** A Cloudscape link that navigates inside the app (no page load), keeping the link's href for the browser. */
export function RouterLink({ href, state, ...props }: LinkProps & { href: string; state?: unknown }) {
  const navigate = useNavigate();
  return (
    <Link
      {...props}
      href={href}
      onFollow={(event) => {
        event.preventDefault();
        navigate(href, { state });
      }}
    />
  );
}
