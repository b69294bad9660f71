// The Python files of the sandbox, as text: written into Pyodide's site-packages when a worker starts.
import pyDifflabSandbox from './py/difflab_sandbox.py?raw';
import pyRequestsInit from './py/requests/__init__.py?raw';
import pyRequestsAdapters from './py/requests/adapters.py?raw';
import pyRequestsApi from './py/requests/api.py?raw';
import pyRequestsAuth from './py/requests/auth.py?raw';
import pyRequestsExceptions from './py/requests/exceptions.py?raw';
import pyRequestsModels from './py/requests/models.py?raw';
import pyRequestsPackages from './py/requests/packages.py?raw';
import pyRequestsSessions from './py/requests/sessions.py?raw';
import pyRequestsStatusCodes from './py/requests/status_codes.py?raw';
import pyRequestsStructures from './py/requests/structures.py?raw';
import pyRequestsUtils from './py/requests/utils.py?raw';
import pyUrllib3Init from './py/urllib3/__init__.py?raw';
import pyUrllib3Exceptions from './py/urllib3/exceptions.py?raw';
import pyUrllib3UtilInit from './py/urllib3/util/__init__.py?raw';
import pyUrllib3UtilRetry from './py/urllib3/util/retry.py?raw';

export const SITE_PACKAGES = '/lib/python3.14/site-packages';

/** Path under site-packages → source. */
export const PYTHON_FILES: Record<string, string> = {
  'difflab_sandbox.py': pyDifflabSandbox,
  'requests/__init__.py': pyRequestsInit,
  'requests/adapters.py': pyRequestsAdapters,
  'requests/api.py': pyRequestsApi,
  'requests/auth.py': pyRequestsAuth,
  'requests/exceptions.py': pyRequestsExceptions,
  'requests/models.py': pyRequestsModels,
  'requests/packages.py': pyRequestsPackages,
  'requests/sessions.py': pyRequestsSessions,
  'requests/status_codes.py': pyRequestsStatusCodes,
  'requests/structures.py': pyRequestsStructures,
  'requests/utils.py': pyRequestsUtils,
  'urllib3/__init__.py': pyUrllib3Init,
  'urllib3/exceptions.py': pyUrllib3Exceptions,
  'urllib3/util/__init__.py': pyUrllib3UtilInit,
  'urllib3/util/retry.py': pyUrllib3UtilRetry,
};
