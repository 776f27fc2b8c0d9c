import { Navigate, useLocation } from 'react-router-dom';
import { paths } from '../../shared/navigation/paths';

/** The drawer's older name of the login page (SPEC §2): the same page as /pages/account/login. */
export default function CommonLogin() {
  const { search } = useLocation();
  return <Navigate to={paths.login + search} replace />;
}
