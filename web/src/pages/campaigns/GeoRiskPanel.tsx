import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { TableRegion } from '../../components/TableRegion';
import { useWorkspace } from '../../app/workspace';
import { QueryState } from '../../components/QueryState';
import { campaignKey, campaignPath, type Campaign, type GeoRisk } from './campaigns-api';

/** Recipients by country and by the country's policy (read-only); the API's sentence says what each policy means. */
export function GeoRiskPanel({ campaign: c, defer }: { campaign: Campaign; defer: boolean }) {
  const { workspace } = useWorkspace();
  const geo = useQuery({
    queryKey: campaignKey(workspace.tenantId, c.id, 'geo-risk'),
    queryFn: ({ signal }) => api.get<GeoRisk>(campaignPath(c.id, '/geo-risk'), { signal }),
    enabled: !defer,
  });
  return (
    <section className="page-section" aria-labelledby="geo-heading">
      <h2 id="geo-heading">Geo risk</h2>
      <QueryState query={geo} label="the geo risk">
        {(g) =>
          g.total === 0 ? (
            <p className="muted">No recipients yet.</p>
          ) : (
            <>
              <TableRegion label="Recipients by country policy">
                <table className="data">
                  <caption>Recipients by country policy ({g.total.toLocaleString()} in all)</caption>
                  <thead>
                    <tr>
                      <th scope="col">Policy</th>
                      <th scope="col">Recipients</th>
                      <th scope="col">What it means</th>
                    </tr>
                  </thead>
                  <tbody>
                    {Object.entries(g.byPolicy).map(([policy, n]) => (
                      <tr key={policy}>
                        <th scope="row">{policy.replace(/_/g, ' ')}</th>
                        <td>{n.toLocaleString()}</td>
                        <td>{g.policies[policy] ?? ''}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              <h3>By country</h3>
              <ul className="plain" aria-label="Recipients by country">
                {Object.entries(g.byCountry)
                  .sort((a, b) => b[1] - a[1])
                  .map(([country, n]) => (
                    <li key={country}>
                      {country === 'unknown' ? 'Unknown country' : country.toUpperCase()}: {n.toLocaleString()}
                    </li>
                  ))}
              </ul>
              {g.provisional > 0 && <p className="muted">{g.provisional.toLocaleString()} not screened yet: their country is guessed from the address.</p>}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
