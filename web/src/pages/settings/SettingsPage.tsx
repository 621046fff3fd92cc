import { Link } from 'react-router';
import { CompanyProfileSection } from './CompanyProfileSection';
import { DeleteAllDataSection } from './DeleteAllDataSection';
import { SeedMailboxesSection } from './SeedMailboxesSection';
import { AutoApproveSection, MinIntervalSection, TransportsSection } from './SendingRulesSection';
import { SendWindowSection } from './SendWindowSection';
import '../senders/senders.css';

/** Workspace settings: when and how fast mail goes out, approval, the footer identity, transports, seeds, the wipe. */
export default function SettingsPage() {
  return (
    <div className="page">
      <h1>Settings</h1>
      <nav aria-label="Settings sections">
        <ul className="plain actions">
          <li>
            <a href="#window-heading">Send window</a>
          </li>
          <li>
            <a href="#profile-heading">Company profile</a>
          </li>
          <li>
            <a href="#seeds-heading">Seed mailboxes</a>
          </li>
          <li>
            <Link to="/senders">Sender mailboxes</Link>
          </li>
        </ul>
      </nav>
      <SendWindowSection />
      <MinIntervalSection />
      <AutoApproveSection />
      <CompanyProfileSection />
      <TransportsSection />
      <SeedMailboxesSection />
      <DeleteAllDataSection />
    </div>
  );
}
