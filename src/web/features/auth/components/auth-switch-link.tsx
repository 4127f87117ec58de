import { Link } from 'react-router';

/** The link between the login and signup pages. */
export function AuthSwitchLink({ to }: { to: '/login' | '/signup' }) {
  return to === '/login' ? (
    <p className="text-sm text-slate-600">
      Already have an account?{' '}
      <Link className="font-medium text-indigo-600 hover:underline" to="/login">
        Sign in
      </Link>
    </p>
  ) : (
    <p className="text-sm text-slate-600">
      New to ARLO?{' '}
      <Link className="font-medium text-indigo-600 hover:underline" to="/signup">
        Create an account
      </Link>
    </p>
  );
}
