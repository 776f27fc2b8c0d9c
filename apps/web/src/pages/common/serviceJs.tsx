import { ServiceScreen } from '../../features/service/service-screen';

/** common/serviceJs: customer service, the built-in chat or the operator's external script (decision 039). */
export default function CommonServiceJs() {
  return <ServiceScreen />;
}
