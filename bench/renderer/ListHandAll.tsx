// The hand-written list with all 100 rows mounted (no virtual body): the row-for-row ceiling.
import ListHandPage from './ListHand.tsx';

export default function ListHandAll() {
  return <ListHandPage all />;
}
