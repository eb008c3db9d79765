import { Badge } from "@/components/ui/badge";
import { Table, TableBody, TableCell, TableColumns, TableRow } from "@/components/ui/table";
import { isReferralEndingSoon, trialStatusLabel, type ReferralActivityRow, type ReferralStats } from "@/lib/admin/monitoring/referral-rules";
import { cn } from "@/lib/utils";
import { formatDate } from "@/lib/rules/format";
import { AdminSection, StatTile } from "@/components/admin/admin-section";

/** Referral totals and the latest referrals (what GET /api/admin/referral-stats and
 *  /referral-activity answer, read by the page: drawn on the server, issue 23); trials with 7 days
 *  or fewer left are highlighted. */
export function ReferralPanel({ stats: s, activity: rows }: { stats: ReferralStats; activity: ReferralActivityRow[] }) {
  return (
    <AdminSection id="referrals" title="referral activity" description="Trials with 7 days or fewer remaining are highlighted.">
      <div className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatTile label="Total referrals" value={s.totalReferrals} />
        <StatTile label="Active trials" value={s.activeTrials} />
        <StatTile label="Conversions" value={s.conversions} />
        <StatTile label="Conversion rate" value={`${s.conversionRate}%`} />
      </div>
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No referrals yet.</p>
      ) : (
        <Table>
          <TableColumns columns={["Business", "Referred by", "Trial", "Days left", "Started"]} />
          <TableBody>
            {rows.map((r) => {
              const soon = isReferralEndingSoon(r);
              return (
                <TableRow key={r.id} data-ending-soon={soon || undefined} className={cn(soon && "bg-amber-100 dark:bg-amber-950")}>
                  <TableCell>
                    <div className="font-medium">{r.businessName}</div>
                    <div className="text-xs text-muted-foreground">{r.businessEmail}</div>
                  </TableCell>
                  <TableCell>
                    {r.referrerName} <span className="text-xs text-muted-foreground">#{r.referrerId}</span>
                  </TableCell>
                  <TableCell>
                    <Badge variant={r.trialStatus === "active" ? "success" : r.trialStatus === "converted" ? "default" : "secondary"}>{trialStatusLabel(r.trialStatus)}</Badge>
                    <div className="text-xs text-muted-foreground">{r.trialDuration} days</div>
                  </TableCell>
                  <TableCell className={cn(soon && "font-semibold")}>{r.trialStatus === "active" ? r.daysRemaining : "-"}</TableCell>
                  <TableCell>{formatDate(r.createdAt)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </AdminSection>
  );
}
