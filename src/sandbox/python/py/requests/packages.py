import sys

import urllib3

# requests.packages.urllib3 is urllib3, as in the real library.
sys.modules["requests.packages.urllib3"] = urllib3
