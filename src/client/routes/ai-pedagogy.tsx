import { PedagogyHub } from '@/client/features/literacy/components/pedagogy-hub';

/** Page titles are set by the hub's list and article views. */
export default function AiPedagogyRoute() {
  return <PedagogyHub />;
}
