import { AdminDashboard } from '@/features/admin/components/AdminDashboard.tsx';

/** /admin/dashboard (admin route: other roles read the access-denied text there). */
export default function AdminDashboardPage() {
  return (
    <div className="page">
      <h1>Pannello Admin</h1>
      <AdminDashboard />
    </div>
  );
}
