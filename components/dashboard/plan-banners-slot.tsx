/**
 * Where the plan and capacity banners, the starter progress card and the downgrade card of spec 2
 * section 2.8 go on the dashboard. The billing issue fills this component; until then it renders
 * nothing, so the dashboard's layout does not change when it lands.
 */
export function PlanBannersSlot() {
  return null;
}
