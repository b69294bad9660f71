# Reference solution in Bash: PAY-2 blocks PAY-3, which blocks PAY-1.
# One GraphQL request: gql QUERY [VARIABLES-JSON] prints .data, and stops the script on errors.
gql() {
  local body vars="$2"
  [ -n "$vars" ] || vars='{}'
  body=$(jq -nc --arg q "$1" --argjson v "$vars" '{query: $q, variables: $v}')
  curl -s https://api.linear.app/graphql -H "Authorization: lin_api_difflab" --json "$body" > /tmp/gql.json
  if jq -e ".errors" /tmp/gql.json > /dev/null; then jq -c .errors /tmp/gql.json >&2; exit 1; fi
  jq -c .data /tmp/gql.json
}

for pair in PAY-2:PAY-3 PAY-3:PAY-1; do
  IFS=: read -r a b <<< "$pair"
  gql 'mutation($input: IssueRelationCreateInput!) { issueRelationCreate(input: $input) { success } }' \
    "$(jq -nc --arg a "$a" --arg b "$b" '{input: {issueId: $a, relatedIssueId: $b, type: "blocks"}}')" | jq -r --arg p "$pair" '"\($p): \(.issueRelationCreate.success)"'
done
