import { Link } from 'react-router';
import { textLink } from '../../../components/ui/styles';

/** The link between the login and signup pages. */
export function AuthSwitchLink({ to }: { to: '/login' | '/signup' }) {
  return to === '/login' ? (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      Already have an account?{' '}
      <Link className={textLink} to="/login">
        Sign in
      </Link>
    </p>
  ) : (
    <p className="text-sm text-slate-600 dark:text-slate-400">
      New to ARLO?{' '}
      <Link className={textLink} to="/signup">
        Create an account
      </Link>
    </p>
  );
}
