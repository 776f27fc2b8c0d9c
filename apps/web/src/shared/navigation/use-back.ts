import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from './paths';

/** Back one page, or to the home tab when this page was the first one opened (SPEC §2). */
export function useBack(): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  return useCallback(() => {
    // React Router names the entry the app was opened on 'default': there is nothing of ours behind it.
    if (location.key === 'default') navigate(paths.home, { replace: true });
    else navigate(-1);
  }, [location.key, navigate]);
}
