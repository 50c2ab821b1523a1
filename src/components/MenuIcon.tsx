// Menu icons by the names the menu tree carries (ant-design icon names).
import {
  AccountBookOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BankOutlined,
  CarOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FundOutlined,
  HomeOutlined,
  InboxOutlined,
  MonitorOutlined,
  NotificationOutlined,
  PrinterOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  ScheduleOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

const icons: Record<string, ComponentType> = {
  'account-book': AccountBookOutlined,
  apartment: ApartmentOutlined,
  bank: BankOutlined,
  car: CarOutlined,
  environment: EnvironmentOutlined,
  'file-text': FileTextOutlined,
  fund: FundOutlined,
  home: HomeOutlined,
  inbox: InboxOutlined,
  monitor: MonitorOutlined,
  notification: NotificationOutlined,
  printer: PrinterOutlined,
  read: ReadOutlined,
  'safety-certificate': SafetyCertificateOutlined,
  schedule: ScheduleOutlined,
  setting: SettingOutlined,
  'shopping-cart': ShoppingCartOutlined,
  team: TeamOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
  wallet: WalletOutlined,
};

export default function MenuIcon({ name }: { name?: string }) {
  if (!name) return null;
  const Icon = icons[name] ?? AppstoreOutlined;
  return <Icon />;
}
