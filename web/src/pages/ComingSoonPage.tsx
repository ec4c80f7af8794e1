import { Card } from 'primereact/card';

/** Routes whose screens land with later issues: they exist in the router and menus already. */
export default function ComingSoonPage({ title }: { title: string }) {
  return (
    <div className="page">
      <Card title={title}>
        <p>In arrivo</p>
      </Card>
    </div>
  );
}
