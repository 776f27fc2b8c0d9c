import { ServiceScreen } from '../../features/service/service-screen';

/** user/serviceJs: customer service, the built-in chat or the operator's external script (decision 039). */
export default function UserServiceJs() {
  return <ServiceScreen />;
}
