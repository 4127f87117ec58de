import { useNavigate } from 'react-router';

/** Goes to an in-app path with the router, anywhere else with a full navigation. */
export function useGoTo() {
  const navigate = useNavigate();
  return (to: string) => {
    if (to.startsWith('/')) void navigate(to);
    else window.location.assign(to);
  };
}
