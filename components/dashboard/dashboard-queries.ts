"use client";

import { useQuery } from "@tanstack/react-query";
import { queryKeys } from "@/lib/client/query-keys";
import type { DashboardStats, ImpactStats, MoneyMaker, RecentCustomer, SuperFan, WeeklyStats } from "@/lib/dashboard/types";

// The dashboard's reads. Each key's first element is the path (the default query function fetches
// it); nothing is polled or retried, and writes elsewhere invalidate these paths.

export const useDashboardStats = () => useQuery<DashboardStats>({ queryKey: queryKeys.dashboard.stats });
export const useImpactStats = () => useQuery<ImpactStats>({ queryKey: queryKeys.dashboard.impactStats });
export const useRecentCustomers = () => useQuery<RecentCustomer[]>({ queryKey: queryKeys.dashboard.recentCustomers });
export const useMoneyMakers = () => useQuery<MoneyMaker[]>({ queryKey: queryKeys.dashboard.moneyMakers });
export const useSuperFans = () => useQuery<SuperFan[]>({ queryKey: queryKeys.dashboard.superFans });
export const useWeeklyStats = () => useQuery<WeeklyStats>({ queryKey: queryKeys.dashboard.weeklyStats });
